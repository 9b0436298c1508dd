import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { AddressBookRepository } from './address-book.repository.js';
import { AddressBookService } from './address-book.service.js';
import { DavCredentials } from './dav-credentials.js';
import { DavRouter } from './dav.router.js';

/** Phone sync: every user's contacts as one CardDAV address book under /dav/ (see DavRouter). */
@Module({
  imports: [ContactsModule],
  providers: [AddressBookRepository, AddressBookService, DavCredentials, DavRouter],
  exports: [DavRouter],
})
export class CardDavModule {}
