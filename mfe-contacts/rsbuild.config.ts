import { mergeRsbuildConfig } from '@rsbuild/core';
import { GATEWAY_DEV_URL, createRemoteConfig } from '@kith/web-kit/federation';

/** The 'contacts' remote (its screens at ./App, the person's page at ./ContactPage); standalone `rsbuild dev` also serves its own routes and proxies the API. */
export default mergeRsbuildConfig(
  createRemoteConfig({
    name: 'contacts',
    exposes: { './App': './src/App.tsx', './ContactPage': './src/ContactPageApp.tsx' },
  }),
  {
    server: {
      historyApiFallback: true,
      proxy: { '/api': { target: GATEWAY_DEV_URL, changeOrigin: true } },
    },
  },
);
