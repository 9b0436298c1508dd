import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Records which files each named chunk group needs (`bootstrap`, `page-login`, `signed-in`, ...)
 * so scripts/check-size.mjs can add up what a given page downloads.
 */
export function chunkGroupsPlugin(outputFile) {
  return {
    name: 'kith:chunk-groups',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        if (!stats) return;
        const json = stats.toJson({ all: false, chunkGroups: true, chunkGroupAuxiliary: false });
        const groups = Object.fromEntries(
          Object.entries(json.namedChunkGroups ?? {}).map(([name, group]) => [
            name,
            (group.assets ?? []).map((asset) => asset.name),
          ]),
        );
        mkdirSync(dirname(outputFile), { recursive: true });
        writeFileSync(outputFile, `${JSON.stringify(groups, null, 2)}\n`);
      });
    },
  };
}
