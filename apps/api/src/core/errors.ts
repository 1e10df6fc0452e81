/** The error catalogue: Appwrite `type` → HTTP code and default message. One renderer turns these into the wire shape. */
const catalogue = {
  general_unknown: [500, 'There was an error processing your request. Please check the inputs and try again.'],
  general_server_error: [500, 'There was an error processing your request.'],
  general_argument_invalid: [400, 'The request contains one or more invalid arguments.'],
  general_query_invalid: [400, 'The query is invalid.'],
  general_query_limit_exceeded: [400, 'Query limit exceeded for the current attribute.'],
  general_cursor_not_found: [400, 'The cursor is invalid. This can happen if the item represented by the cursor has been deleted.'],
  general_route_not_found: [404, 'The requested route was not found. Please refer to the API docs and try again.'],
  general_unauthorized_scope: [401, 'The current user or API key does not have the required scopes to access the requested resource.'],
  general_rate_limit_exceeded: [429, 'Rate limit for the current endpoint has been exceeded. Please try again after some time.'],
  general_access_forbidden: [401, 'Access to this API is forbidden.'],
  general_unknown_origin: [403, 'The request originated from an unknown origin.'],
  general_bad_request: [400, 'There was an error processing your request. Please check the inputs and try again.'],
  general_not_implemented: [405, 'This method was not fully implemented yet. If you believe this is a mistake, please upgrade your Appwrite server version.'],
  general_service_unavailable: [503, 'The database is unavailable at the moment. Please try again shortly.'],
  database_timeout: [408, 'Database timed out. Try adjusting your queries or adding an index.'],
  general_request_timeout: [408, 'The request was not received in time. Please try again.'],
  general_payload_too_large: [413, 'The request body is too large.'],
  general_request_header_too_large: [431, 'The request headers are too large.'],
  project_not_found: [404, 'Project with the requested ID could not be found. Please check the value of the X-Appwrite-Project header to ensure the correct project ID is being used.'],
  user_unauthorized: [401, 'The current user is not authorized to perform the requested action.'],
  general_smtp_disabled: [503, 'SMTP is disabled on this server.'],
  general_phone_disabled: [503, 'Phone authentication is disabled on this server.'],
  project_provider_disabled: [412, 'The chosen OAuth provider is disabled. You can enable the OAuth provider using the Appwrite console.'],
  project_provider_unsupported: [400, 'The chosen OAuth provider is unsupported. Please check the Create OAuth2 Session docs for the complete list of supported OAuth providers.'],
  project_invalid_success_url: [400, 'Invalid redirect URL for OAuth success.'],
  project_invalid_failure_url: [400, 'Invalid redirect URL for OAuth failure.'],
  user_invalid_credentials: [401, 'Invalid credentials. Please check the email and password.'],
  user_already_exists: [409, 'A user with the same id, email, or phone already exists in this project.'],
  user_email_already_exists: [409, 'A user with the same email already exists in the current project.'],
  user_phone_already_exists: [409, 'A user with the same phone number already exists in the current project.'],
  user_session_already_exists: [401, 'Creation of a session is prohibited when a session is active.'],
  user_session_not_found: [404, 'The current user session could not be found.'],
  user_not_found: [404, 'User with the requested ID could not be found.'],
  message_missing_target: [400, 'Message with the requested ID has no recipients (topics or users or targets).'],
  message_not_found: [404, 'Message with the requested ID could not be found.'],
  message_already_exists: [409, 'Message with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.'],
  topic_not_found: [404, 'Topic with the request ID could not be found.'],
  subscriber_not_found: [404, 'Subscriber with the request ID could not be found.'],
  subscriber_already_exists: [409, 'Subscriber with the request ID already exists.'],
  user_blocked: [401, 'The current user has been blocked.'],
  user_invalid_token: [401, 'Invalid token passed in the request.'],
  user_jwt_invalid: [401, 'Invalid JWT token.'],
  user_jwt_and_cookie_set: [403, 'Cannot use both a JWT and a session at the same time.'],
  user_password_mismatch: [400, 'Passwords do not match. Please check the password and confirm password.'],
  user_password_personal_data: [400, 'The password you are trying to use contains references to your name, email, phone or userID. For security reasons, please choose another password and try again.'],
  user_email_not_found: [400, 'Email address is not available for the current user.'],
  user_phone_not_found: [400, 'Phone number is not available for the current user.'],
  user_email_not_verified: [400, 'The email address of the current user has not been verified.'],
  user_phone_not_verified: [400, 'The phone number of the current user has not been verified.'],
  user_email_already_verified: [409, 'The email address of the current user is already verified.'],
  user_phone_already_verified: [409, 'The phone number of the current user is already verified.'],
  user_identity_not_found: [404, 'The identity could not be found. Please sign in with OAuth provider to create identity first.'],
  user_target_not_found: [404, 'The target could not be found.'],
  user_target_already_exists: [409, 'A target with the same ID already exists.'],
  user_more_factors_required: [401, 'More factors are required to complete the sign in process.'],
  user_challenge_required: [401, 'A recently successful challenge is required to complete this action. A challenge is considered recent for 30 minutes.'],
  user_authenticator_not_found: [404, 'Authenticator could not be found on the current user.'],
  user_authenticator_already_verified: [409, 'This authenticator is already verified on the current user.'],
  user_recovery_codes_already_exists: [409, 'The current user already generated recovery codes and they can only be read once for security reasons.'],
  user_recovery_codes_not_found: [404, 'The current user does not have recovery codes.'],
  user_missing_id: [400, 'Missing ID from OAuth2 provider.'],
  user_oauth2_bad_request: [400, 'OAuth2 provider rejected the bad request.'],
  user_oauth2_unauthorized: [401, 'OAuth2 provider rejected the unauthorized request.'],
  user_oauth2_provider_error: [424, 'OAuth2 provider returned some error.'],
  storage_bucket_not_found: [404, 'Storage bucket with the requested ID could not be found.'],
  storage_file_not_found: [404, 'Storage file with the requested ID could not be found.'],
  storage_file_already_exists: [409, 'A storage file with the requested ID already exists.'],
  storage_file_type_unsupported: [400, 'The given file extension is not supported.'],
  storage_file_empty: [400, 'Empty file passed to the endpoint.'],
  storage_invalid_file_size: [400, 'The file size is either not valid or exceeds the maximum allowed size.'],
  storage_invalid_content_range: [400, 'The content range is invalid.'],
  storage_invalid_appwrite_id: [400, 'The value for x-appwrite-id header is invalid. Please check the value of the x-appwrite-id header is a valid id and not unique().'],
  storage_invalid_range: [416, 'The requested range is not satisfiable.'],
  storage_invalid_file: [400, 'The uploaded file is invalid. Please check the file and try again.'],
  database_not_found: [404, 'Database not found'],
  collection_not_found: [404, 'Collection with the requested ID could not be found.'],
  document_not_found: [404, 'Document with the requested ID could not be found.'],
  document_invalid_structure: [400, 'The document structure is invalid. Please ensure the attributes match the collection definition.'],
  document_missing_data: [400, 'The document data is missing. Try again with document data populated'],
  document_missing_payload: [400, 'The document data and permissions are missing. You must provide either document data or permissions to be updated.'],
  document_already_exists: [409, 'Document with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.'],
  database_query_order_null: [400, 'The order attribute had a null value. Cursor pagination requires all documents order attribute values are non-null.'],
  attribute_not_found: [404, 'Attribute with the requested ID could not be found.'],
  transaction_not_found: [404, 'Transaction with the requested ID could not be found.'],
  transaction_expired: [410, 'The transaction has expired. Please create a new transaction and try again.'],
  transaction_conflict: [409, 'The transaction has a conflict. Please resolve the conflict and try again.'],
  transaction_limit_exceeded: [400, 'The maximum number of operations per transaction has been exceeded.'],
  transaction_not_ready: [400, 'The transaction is not ready yet. Please try again later.'],
  attribute_limit_exceeded: [400, 'The maximum number or size of attributes for this collection has been reached.'],
  attribute_type_invalid: [400, 'The attribute type is invalid.'],
  row_not_found: [404, 'Row with the requested ID could not be found.'],
  row_invalid_structure: [400, 'The row structure is invalid. Please ensure the columns match the table definition.'],
  row_missing_data: [400, 'The row data is missing. Try again with row data populated'],
  row_missing_payload: [400, 'The row data and permissions are missing. You must provide either row data or permissions to be updated.'],
  row_already_exists: [409, 'Row with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.'],
  column_limit_exceeded: [400, 'The maximum number or size of columns for this table has been reached.'],
  index_not_found: [404, 'Index with the requested key could not be found.'],
  table_not_found: [404, 'Table with the requested ID could not be found.'],
  column_not_found: [404, 'Column with the requested key could not be found.'],
  history_change_not_found: [404, 'Change with the requested ID could not be found.'],
  history_revert_conflict: [409, 'The record has changed since this change; revert the later changes first.'],
  import_not_found: [404, 'Import with the requested ID could not be found.'],
  import_not_checked: [409, 'Only a checked import (its dry run finished) can be written, and only once.'],
  team_not_found: [404, 'Team with the requested ID could not be found.'],
  team_already_exists: [409, 'Team with requested ID already exists. Please choose a different ID and try again.'],
  team_invite_not_found: [404, 'The requested team invitation could not be found.'],
  team_invalid_secret: [401, 'The team invitation secret is invalid. Please request  a new invitation and try again.'],
  team_membership_mismatch: [404, 'The membership ID does not belong to the team ID.'],
  team_invite_mismatch: [401, 'The invite does not belong to the current user.'],
  membership_not_found: [404, 'Membership with the requested ID could not be found.'],
  membership_already_confirmed: [409, 'Membership is already confirmed.'],
  membership_deletion_prohibited: [400, 'There must be at least one owner in the organization.'],
  membership_downgrade_prohibited: [400, 'There must be at least one owner in the organization.'],
  function_not_found: [404, 'Function with the requested ID could not be found.'],
  execution_not_found: [404, 'Execution with the requested ID could not be found.'],
  token_not_found: [404, 'The requested file token could not be found.'],
  token_expired: [401, 'The requested file token has expired.'],
  token_resource_type_invalid: [400, 'The resource type for the token is invalid.'],
  project_key_expired: [401, 'The project key has expired. Please generate a new key using the Appwrite console.'],
  avatar_image_not_found: [404, 'The requested image was not found at the URL.'],
  avatar_remote_url_failed: [404, 'Failed to fetch favicon from the requested URL.'],
  avatar_icon_not_found: [404, 'The requested favicon could not be found.'],
  graphql_no_query: [400, 'Param "query" is not optional.'],
  graphql_too_many_queries: [400, 'Too many queries.'],
  graphql_method_unsupported: [405, 'GET requests only support GraphQL query operations.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorType = keyof typeof catalogue;

/** True for a type the catalogue lists: every error body's `type` must be one. */
export function isErrorType(type: string): type is ErrorType {
  return Object.hasOwn(catalogue, type);
}

/** Codes Appwrite passes through (and 413, 431 for limits its server enforces before routing); any other status is answered as 500 "Server Error". */
const passThroughCodes = new Set([400, 401, 402, 403, 404, 405, 408, 409, 410, 412, 413, 416, 422, 424, 429, 431, 451, 501, 503]);

export class AppwriteError extends Error {
  readonly type: ErrorType;
  readonly code: number;

  constructor(type: ErrorType, message?: string) {
    const [code, defaultMessage] = catalogue[type];
    super(message ?? defaultMessage);
    this.name = 'AppwriteError';
    this.type = type;
    this.code = code;
  }
}

export interface ErrorBody {
  message: string;
  code: number;
  type: string;
  version: string;
}

export const SERVER_VERSION = '1.6.2';

/** The one place an error becomes the wire shape. Unknown errors never leak their message. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AppwriteError && passThroughCodes.has(error.code)) {
    return { message: error.message, code: error.code, type: error.type, version: SERVER_VERSION };
  }
  const type = error instanceof AppwriteError ? error.type : 'general_unknown';
  return { message: 'Server Error', code: 500, type, version: SERVER_VERSION };
}

export function argumentInvalid(name: string, description: string): AppwriteError {
  return new AppwriteError('general_argument_invalid', `Invalid \`${name}\` param: ${description}`);
}

export function argumentMissing(name: string): AppwriteError {
  return new AppwriteError('general_argument_invalid', `Param "${name}" is not optional.`);
}
