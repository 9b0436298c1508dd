import { Module } from '@nestjs/common';
import { PeersClient } from './peers.client.js';

@Module({ providers: [PeersClient], exports: [PeersClient] })
export class PeersModule {}
