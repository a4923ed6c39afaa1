// What other modules and the tests may use of the figures (decision 081): a program's figures rebuilt at once.
export { computeProgramFigures } from './compute.ts';
