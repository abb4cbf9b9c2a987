/** The one jotai store, so code outside React (the api client's callbacks) can update the state. */
import { createStore } from 'jotai';

export const store = createStore();
