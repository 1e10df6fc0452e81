/** When this server bundle started serving; published with the build id. */
export const BUILD_STARTED_AT = Date.now();
