import type { Kysely } from 'kysely';

/**
 * Foundation tables: workspaces, people and sign-in, and the lookups of spec dashboards 3
 * (lead sources, campaigns, offices, case types, practice areas, agents, consultants,
 * call-tracking and CRM users, coaching categories).
 *
 * Written with Kysely's schema builder only, so the same migration runs on PostgreSQL.
 * A migration never imports app code: it must keep working when the app changes, which
 * is why the database is typed `unknown` here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meta')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('edition', 'varchar(32)', (c) => c.notNull())
    .addColumn('is_zoho', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('vendors', 'text', (c) => c.notNull())
    .addColumn('processes', 'text', (c) => c.notNull())
    .addColumn('goals', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('persons')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('picture', 'text')
    .addColumn('language', 'varchar(16)', (c) => c.notNull().defaultTo('en'))
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('calendar_type', 'varchar(32)')
    .addColumn('cs_account_id', 'varchar(64)')
    .addColumn('person_id', 'varchar(64)', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('authorizations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('role', 'varchar(32)', (c) => c.notNull().defaultTo('operator'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('authorizations_user_idx')
    .on('authorizations')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('replaced_by', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family_idx')
    .on('refresh_tokens')
    .column('family_id')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_expires_idx')
    .on('refresh_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('agents')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('person_id', 'varchar(64)', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('ctm_user_id', 'varchar(64)')
    .addColumn('zoho_user_id', 'varchar(64)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agents_workspace_idx').on('agents').column('workspace_id').execute();

  await db.schema
    .createTable('consultants')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('person_id', 'varchar(64)', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('consultants_workspace_idx')
    .on('consultants')
    .column('workspace_id')
    .execute();

  await db.schema
    .createTable('lead_sources')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('medium', 'varchar(64)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('settings', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('lead_sources_workspace_key_unique', ['workspace_id', 'key'])
    .execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('lead_source_id', 'varchar(64)', (c) =>
      c.references('lead_sources.id').onDelete('set null'),
    )
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('medium', 'varchar(64)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('campaigns_workspace_key_unique', ['workspace_id', 'key'])
    .execute();
  await db.schema
    .createIndex('campaigns_lead_source_idx')
    .on('campaigns')
    .column('lead_source_id')
    .execute();

  await db.schema
    .createTable('offices')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('timezone', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('offices_workspace_key_unique', ['workspace_id', 'key'])
    .execute();

  await db.schema
    .createTable('practice_areas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('parent', 'varchar(200)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('practice_areas_workspace_idx')
    .on('practice_areas')
    .column('workspace_id')
    .execute();

  await db.schema
    .createTable('case_types')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('parent_key', 'varchar(128)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('case_types_workspace_key_unique', ['workspace_id', 'key'])
    .execute();

  await db.schema
    .createTable('ctm_users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ctm_users_workspace_idx')
    .on('ctm_users')
    .column('workspace_id')
    .execute();

  await db.schema
    .createTable('crm_users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('external_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addUniqueConstraint('crm_users_workspace_external_unique', [
      'workspace_id',
      'provider',
      'external_id',
    ])
    .execute();

  await db.schema
    .createTable('coaching_categories')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Reverse order of creation so foreign keys never point at a dropped table.
  for (const table of [
    'coaching_categories',
    'crm_users',
    'ctm_users',
    'case_types',
    'practice_areas',
    'offices',
    'campaigns',
    'lead_sources',
    'consultants',
    'agents',
    'refresh_tokens',
    'authorizations',
    'users',
    'persons',
    'workspaces',
    'meta',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
