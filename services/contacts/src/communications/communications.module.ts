import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { CommunicationsController } from './communications.controller.js';
import { CommunicationsRepository } from './communications.repository.js';
import { CommunicationsService } from './communications.service.js';

/** A contact's interactions; it depends on contacts (each entry moves its contact's timer), never the reverse. */
@Module({
  imports: [ContactsModule],
  controllers: [CommunicationsController],
  providers: [CommunicationsService, CommunicationsRepository],
  exports: [CommunicationsService],
})
export class CommunicationsModule {}
