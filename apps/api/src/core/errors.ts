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
  general_not_implemented: [405, 'This method was not fully implemented yet.'],
  project_not_found: [404, 'Project with the requested ID could not be found. Please check the value of the X-Appwrite-Project header to ensure the correct project ID is being used.'],
  user_unauthorized: [401, 'The current user is not authorized to perform the requested action.'],
  database_not_found: [404, 'Database not found'],
  collection_not_found: [404, 'Collection with the requested ID could not be found.'],
  document_not_found: [404, 'Document with the requested ID could not be found.'],
  document_invalid_structure: [400, 'The document structure is invalid. Please ensure the attributes match the collection definition.'],
  document_missing_data: [400, 'The document data is missing. Try again with document data populated'],
  document_missing_payload: [400, 'The document data and permissions are missing. You must provide either document data or permissions to be updated.'],
  document_already_exists: [409, 'Document with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.'],
  database_query_order_null: [400, 'The order attribute had a null value. Cursor pagination requires all documents order attribute values are non-null.'],
  attribute_not_found: [404, 'Attribute with the requested ID could not be found.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorType = keyof typeof catalogue;

/** Codes Appwrite passes through; any other status is answered as 500 "Server Error". */
const passThroughCodes = new Set([400, 401, 402, 403, 404, 405, 408, 409, 410, 412, 416, 422, 429, 451, 501, 503]);

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
