import type { SqlDialect } from '../db/dialect.ts';
import type { ProjectSchema } from '../schema/project-schema.ts';
import type { AccountServices } from '../services/account/account-services.ts';
import type { DocumentsService } from '../services/databases/documents-service.ts';
import type { HistoryService } from '../services/history/history-service.ts';
import type { StorageServices } from '../services/storage/storage-services.ts';
import type { TeamServices } from '../services/teams/team-services.ts';

/** What handlers may use; built once by createApp. */
export interface Services {
  dialect: SqlDialect;
  schema: ProjectSchema;
  documents: DocumentsService;
  accounts: AccountServices;
  storage: StorageServices;
  teams: TeamServices;
  history: HistoryService;
}
