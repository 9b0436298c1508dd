import { Module } from '@nestjs/common';
import { PeersModule } from '../peers/peers.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { EmailActionsController } from './email-actions.controller.js';
import { EmailActionsRepository } from './email-actions.repository.js';
import { EmailActionsService } from './email-actions.service.js';

@Module({
  imports: [PeersModule, SettingsModule],
  controllers: [EmailActionsController],
  providers: [EmailActionsService, EmailActionsRepository],
  exports: [EmailActionsService],
})
export class EmailActionsModule {}
