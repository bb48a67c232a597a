/** Input limits shared by the forms and the server, so both refuse the same input. Kept free of zod for the browser's sign-in path. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
