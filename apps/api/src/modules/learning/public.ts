// What other modules may use of learning (decision 064): the program's lessons as the module reads them and the
// service that marks one read (the demo seed's patients have read a lesson, decision 089).
export { readProgramLessons, type ProgramLessons } from './lessons.ts';
export { createLearningService } from './service.ts';
