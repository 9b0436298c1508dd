import { createHostConfig } from '@kith/web-kit/federation';

export default createHostConfig();
