import { z } from 'zod';
import { idSchema } from './common';

/** spec: session 3 / dashboards 3 Notification; `read` is kept by the client. */
export const notificationSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  time: z.string(),
  actionRequired: z.boolean(),
  read: z.boolean().default(false),
});
export type Notification = z.infer<typeof notificationSchema>;
