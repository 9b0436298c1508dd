import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module.js';
import { PasswordResetMailService } from './password-reset-mail.service.js';
import { PasswordResetController } from './password-reset.controller.js';

@Module({ imports: [OutboxModule], controllers: [PasswordResetController], providers: [PasswordResetMailService] })
export class PasswordResetModule {}
