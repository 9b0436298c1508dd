import { Module } from '@nestjs/common';
import { CommunicationsController } from '../communications/communications.controller.js';
import { CommunicationsRepository } from '../communications/communications.repository.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';

/** Contacts and their interaction log (an interaction always moves its contact's timer). */
@Module({
  controllers: [ContactsController, CommunicationsController],
  providers: [ContactsService, ContactsRepository, CommunicationsRepository],
  exports: [ContactsService, ContactsRepository],
})
export class ContactsModule {}
