import { StandaloneRemote } from '@kith/web-kit';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import './standalone.css';

/** This remote on its own, outside the shell (`rsbuild dev`). */
createRoot(document.getElementById('root')!).render(
  <StandaloneRemote>
    <App />
  </StandaloneRemote>,
);
