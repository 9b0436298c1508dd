import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { OutboxDispatcher } from './outbox-dispatcher.service.js';
import { OutboxRepository } from './outbox.repository.js';

@Module({ imports: [MailModule], providers: [OutboxRepository, OutboxDispatcher], exports: [OutboxDispatcher] })
export class OutboxModule {}
