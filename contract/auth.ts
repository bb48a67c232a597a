/** Sign-in and registration: bodies and answers shared by the app and the server (schemas: auth.schema.ts). */

/** POST /api/login */
export interface LoginBody {
  email: string;
  password: string;
  remember?: boolean;
}

/** The answer of POST /api/login. */
export interface LoginResponse {
  token: string;
  token_type: 'bearer';
  /** Seconds until the token expires. */
  expires_in: number;
}

/** POST /api/register */
export interface RegisterBody {
  first_name: string;
  second_name: string;
  email: string;
  password: string;
  password_confirmation: string;
}
