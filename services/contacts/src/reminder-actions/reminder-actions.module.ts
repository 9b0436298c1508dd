import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { ReminderActionsController } from './reminder-actions.controller.js';
import { ReminderActionsService } from './reminder-actions.service.js';

@Module({
  imports: [ContactsModule, CommunicationsModule],
  controllers: [ReminderActionsController],
  providers: [ReminderActionsService],
})
export class ReminderActionsModule {}
