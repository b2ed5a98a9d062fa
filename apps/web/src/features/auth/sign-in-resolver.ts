import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema } from './login-schemas.ts';

/** Loaded by the sign-in step on first validation (ui/lazy-resolver.ts). */
export const signInResolver = zodResolver(signInSchema);
