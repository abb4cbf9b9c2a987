/** Types of workspace-sources.mjs, for the Vite and Storybook configs. */
import type { UserConfig } from 'vite';

export declare const SOURCE_CONDITION: string;
export declare const workspaceSources: Required<Pick<UserConfig, 'resolve' | 'environments'>>;
