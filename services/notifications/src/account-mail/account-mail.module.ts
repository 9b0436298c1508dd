import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module.js';
import { AccountMailController } from './account-mail.controller.js';

@Module({ imports: [OutboxModule], controllers: [AccountMailController] })
export class AccountMailModule {}
