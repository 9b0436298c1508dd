import { mergeRsbuildConfig } from '@rsbuild/core';
import { GATEWAY_DEV_URL, createRemoteConfig } from '@kith/web-kit/federation';

/** The 'dashboard' remote; standalone `rsbuild dev` also serves its own routes and proxies the API. */
export default mergeRsbuildConfig(createRemoteConfig({ name: 'dashboard' }), {
  server: {
    historyApiFallback: true,
    proxy: { '/api': { target: GATEWAY_DEV_URL, changeOrigin: true } },
  },
});
