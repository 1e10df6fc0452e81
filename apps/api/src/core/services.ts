import type { SqlDialect } from '../db/dialect.ts';
import type { EventBus } from '../events/index.ts';
import type { ProjectSchema } from '../schema/project-schema.ts';
import type { AccountServices } from '../services/account/account-services.ts';
import type { DocumentsService } from '../services/databases/documents-service.ts';
import type { HistoryService } from '../services/history/history-service.ts';
import type { FunctionServices } from '../services/functions/function-services.ts';
import type { MessagingServices } from '../services/messaging/messaging-services.ts';
import type { Imports } from '../services/imports/imports.ts';
import type { StorageServices } from '../services/storage/storage-services.ts';
import type { TeamServices } from '../services/teams/team-services.ts';
import type { TokensService } from '../services/tokens/tokens-service.ts';
import type { TransactionsService } from '../services/transactions/transactions-service.ts';
import type { ScreenshotBrowser } from '../services/avatars/screenshot-browser.ts';
import type { GeoLocator } from '../services/locale/geo-locator.ts';
import type { DependencyHealth } from '../services/health/dependency-health.ts';

/** What handlers may use; built once by createApp. */
export interface Services {
  dialect: SqlDialect;
  schema: ProjectSchema;
  documents: DocumentsService;
  accounts: AccountServices;
  storage: StorageServices;
  teams: TeamServices;
  history: HistoryService;
  functions: FunctionServices;
  /** Messages sent by keys (functions mail editors through it). */
  messaging: MessagingServices;
  /** Appends events in write transactions; realtime, function triggers and messaging subscribe to it. */
  events: EventBus;
  imports: Imports;
  /** Resource tokens: links that open one file for whoever holds them. */
  tokens: TokensService;
  /** Database transactions: staged writes committed all at once. */
  transactions: TransactionsService;
  /** The headless Chromium behind /avatars/screenshots, started on first use. */
  screenshots: ScreenshotBrowser;
  /** Country of an IP address (offline database, opened on first use). */
  geo: GeoLocator;
  /** Probes of Redis and the file device behind /v1/health/*. */
  health: DependencyHealth;
}
