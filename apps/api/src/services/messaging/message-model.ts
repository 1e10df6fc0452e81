import { z } from 'zod';

/** Appwrite's Message model (1.6), for a message this server sent at once. */
export interface MessageModel {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  providerType: 'email';
  topics: string[];
  users: string[];
  targets: string[];
  scheduledAt: string | null;
  deliveredAt: string | null;
  deliveryErrors: string[];
  deliveredTotal: number;
  data: Record<string, unknown>;
  status: 'sent' | 'failed';
}

const date = z.string().describe('ISO 8601 date-time.');

export const messageModels: Record<string, z.ZodType> = {
  Message: z.object({
    $id: z.string(), $createdAt: date, $updatedAt: date, providerType: z.enum(['email']),
    topics: z.array(z.string()), users: z.array(z.string()), targets: z.array(z.string()),
    scheduledAt: date.nullable(), deliveredAt: date.nullable().describe('When the last recipient was handed to the mail server.'),
    deliveryErrors: z.array(z.string()).describe('One line per recipient that could not be sent to; never the message.'),
    deliveredTotal: z.number().int(),
    data: z.object({ subject: z.string(), content: z.string(), html: z.boolean(), cc: z.array(z.string()), bcc: z.array(z.string()) }).describe('What was sent.'),
    status: z.enum(['sent', 'failed']).describe('Sent as soon as it is created: never draft, scheduled or processing here.'),
  }),
};
