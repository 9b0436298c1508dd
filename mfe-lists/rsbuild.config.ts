import { mergeRsbuildConfig } from '@rsbuild/core';
import { GATEWAY_DEV_URL, createRemoteConfig } from '@kith/web-kit/federation';

/** The 'lists' remote; standalone `rsbuild dev` also serves its own routes and proxies the API. */
export default mergeRsbuildConfig(createRemoteConfig({ name: 'lists' }), {
  server: {
    historyApiFallback: true,
    proxy: { '/api': { target: GATEWAY_DEV_URL, changeOrigin: true } },
  },
});
