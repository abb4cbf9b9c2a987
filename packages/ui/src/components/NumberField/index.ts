export { NumberField, type NumberFieldProps } from './NumberField.js';
