import type { RsbuildConfig } from '@rsbuild/core';

export declare const REMOTE_NAMES: readonly ['dashboard', 'contacts', 'lists'];
export type RemoteName = (typeof REMOTE_NAMES)[number];
export declare const DEV_PORTS: Record<'shell' | RemoteName, number>;
export declare const GATEWAY_DEV_URL: string;
export declare const ROUTER_EXPORTS: string[];
export declare const sharedDependencies: Record<
  string,
  {
    singleton: true;
    requiredVersion: string | false;
    treeShaking?: { mode: 'runtime-infer' | 'server-calc'; usedExports?: string[] };
  }
>;
export declare function createRemoteConfig(options: {
  name: RemoteName;
  exposes?: Record<string, string>;
}): RsbuildConfig;
export declare function createHostConfig(): RsbuildConfig;
