/** Input limits shared by the forms and the server, so both refuse the same input. Kept free of zod for the browser's sign-in path. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/**
 * A sane e-mail address: a dot-separated local part of common characters, `@`, a domain
 * of letters, digits and hyphens with a TLD of two letters or more. No quoted local parts,
 * IP literals or non-ASCII addresses. The server refuses anything else with 422.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9._%+'-]*[A-Za-z0-9_%+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
