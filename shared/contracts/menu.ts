import { z } from 'zod';
import { roleSchema } from './roles';

/** spec: session 3 Menu item. Paths are relative to /app. */
export const menuItemSchema = z.object({
  title: z.string(),
  id: z.string(),
  icon: z.string().optional(),
  path: z.string().optional(),
  // Read-only: items share the role groups of shared/domain/role-groups.ts.
  roles: z.array(roleSchema).readonly(),
  get children() {
    return z.array(menuItemSchema).optional();
  },
  externalLink: z.string().optional(),
  /** Only in workspaces of the first CRM (Zoho). */
  zohoOnly: z.boolean().optional(),
  /** Only in workspaces of the second CRM (Keap / Infusionsoft): shared/domain/menu.ts. */
  dossierOnly: z.boolean().optional(),
  productionReady: z.boolean().optional(),
  /** Feature check name (spec: dashboards 6 Menu item visibility). */
  feature: z
    .enum(['asyncLeadGeneration', 'cockpit', 'callTracking', 'quickBooks', 'crmConnection'])
    .optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
