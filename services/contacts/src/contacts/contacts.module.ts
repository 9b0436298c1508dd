import { Module } from '@nestjs/common';
import { ContactsController } from './contacts.controller.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';
import { ContactCountCache } from './count-cache.js';

/** Contacts: the page, the person, their timer (the interactions module drives it through ContactsService). */
@Module({
  controllers: [ContactsController],
  providers: [ContactsService, ContactsRepository, ContactCountCache],
  // The repository too: CardDAV writes a card and its contact in one transaction (carddav/), and
  // its reads serve the reminder-e-mail action page (names only, no timer change).
  exports: [ContactsService, ContactsRepository],
})
export class ContactsModule {}
