// Every Drizzle table of every domain (and the platform). Checked against the migrated database by
// src/platform/db/storage.itest.ts: add a new domain's tables here.
import type { PgTable } from 'drizzle-orm/pg-core'
import { accountsTables } from '../domains/accounts/index.js'
import { billingTables } from '../domains/billing/index.js'
import { commerceTables } from '../domains/commerce/index.js'
import { contentTables } from '../domains/content/index.js'
import { filesTables } from '../domains/files/index.js'
import { socialTables } from '../domains/social/index.js'
import { reviewsTables } from '../domains/reviews/index.js'
import { restockTables } from '../domains/restock/index.js'
import { mailTables } from '../domains/mail/index.js'
import { notifyTables } from '../domains/notify/index.js'
import { formsTables } from '../domains/forms/index.js'
import { historyTables } from '../domains/history/index.js'
import { membersTables } from '../domains/members/index.js'
import { sitesTables } from '../domains/sites/index.js'
import { trackingTables } from '../domains/tracking/index.js'
import { startersTables } from '../domains/starters/index.js'
import { importTables } from '../domains/import/index.js'
import { serverSecrets } from '../platform/secrets.js'
import { rateCounters } from '../platform/counters.js'

export const ALL_TABLES: readonly PgTable[] = [serverSecrets, rateCounters, ...Object.values(accountsTables), ...Object.values(sitesTables), ...Object.values(commerceTables), ...Object.values(contentTables), ...Object.values(filesTables), ...Object.values(socialTables), ...Object.values(formsTables), ...Object.values(trackingTables), ...Object.values(membersTables), ...Object.values(reviewsTables), ...Object.values(restockTables), ...Object.values(mailTables), ...Object.values(startersTables), ...Object.values(notifyTables), ...Object.values(billingTables), ...Object.values(historyTables), ...Object.values(importTables)]
