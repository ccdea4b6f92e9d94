// Shared by the client forms and the server: no server-only imports here.
export const PASSWORD_MIN_LENGTH = 12;
