export { ComboBox, type ComboBoxOption, type ComboBoxProps } from './ComboBox.js';
