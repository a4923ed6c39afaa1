// Fictional people of the local (demo) Costa Rica citizen register: any resemblance is coincidental.
// The web's browser tests prefill from these; 401230456 and 206780901 are minors (a caregiver is needed).
import type { Citizen } from '@portal/contracts/signup';

export const DEMO_CITIZENS: readonly Citizen[] = [
  { typeIdentification: 'IDENTIFICATION', legalIdentification: '101110111', firstName: 'María Fernanda', lastName: 'Quesada', secondSurname: 'Mora', birthDate: '1985-03-14', gender: 'FEMALE' },
  { typeIdentification: 'IDENTIFICATION', legalIdentification: '202220222', firstName: 'Juan Carlos', lastName: 'Jiménez', secondSurname: 'Vargas', birthDate: '1972-11-02', gender: 'MALE' },
  { typeIdentification: 'IDENTIFICATION', legalIdentification: '303330333', firstName: 'Ana Lucía', lastName: 'Chaves', secondSurname: 'Rojas', birthDate: '1990-07-25', gender: 'FEMALE' },
  { typeIdentification: 'IDENTIFICATION', legalIdentification: '104560789', firstName: 'Luis Diego', lastName: 'Solano', secondSurname: 'Brenes', birthDate: '1968-01-30', gender: 'MALE' },
  { typeIdentification: 'IDENTIFICATION', legalIdentification: '401230456', firstName: 'Sofía', lastName: 'Alvarado', secondSurname: 'Castro', birthDate: '2012-05-09', gender: 'FEMALE' },
  { typeIdentification: 'IDENTIFICATION', legalIdentification: '502340567', firstName: 'Carlos Andrés', lastName: 'Méndez', secondSurname: 'Araya', birthDate: '1955-09-17', gender: 'MALE' },
  { typeIdentification: 'IDENTIFICATION', legalIdentification: '603450678', firstName: 'Valeria', lastName: 'Núñez', secondSurname: 'Salas', birthDate: '2001-12-03', gender: 'FEMALE' },
  { typeIdentification: 'IDENTIFICATION', legalIdentification: '704560789', firstName: 'José Pablo', lastName: 'Campos', secondSurname: 'Villalobos', birthDate: '1979-04-21', gender: 'MALE' },
  { typeIdentification: 'IDENTIFICATION', legalIdentification: '115670890', firstName: 'Daniela', lastName: 'Ureña', secondSurname: 'Madrigal', birthDate: '1995-08-11', gender: 'FEMALE' },
  { typeIdentification: 'IDENTIFICATION', legalIdentification: '206780901', firstName: 'Manuel', lastName: 'Arias', secondSurname: 'Céspedes', birthDate: '2018-02-14', gender: 'MALE' },
  { typeIdentification: 'IDENTIFICATION', legalIdentification: '117890123', firstName: 'Gabriela', lastName: 'Monge', secondSurname: 'Cordero', birthDate: '1949-10-06', gender: 'FEMALE' },
];
