import { createHostConfig } from '@kith/web-kit/federation';
import { chunkGroupsPlugin } from './scripts/chunk-groups-plugin.mjs';

const config = createHostConfig();

export default {
  ...config,
  plugins: [...(config.plugins ?? []), chunkGroupsPlugin('.size/chunk-groups.json')],
};
