import type { RsbuildPlugin } from '@rsbuild/core';

export declare function chunkGroupsPlugin(outputFile: string): RsbuildPlugin;
