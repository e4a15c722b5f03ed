import { z } from 'zod';
import { ROLES } from '../constants';
import { LIMITS, emailText, versionField } from './common';
import { NAME_REQUIRED_FR } from '../messages';

export const loginSchema = z.object({
  email: emailText().min(1, "L'e-mail est requis").max(LIMITS.email),
  password: z.string().min(1, 'Le mot de passe est requis').max(LIMITS.password),
});
export type LoginInput = z.infer<typeof loginSchema>;

// POST /api/auth/register and the create-user dialog.
export const userCreateSchema = z.object({
  email: emailText().min(1, 'Tous les champs sont requis').max(LIMITS.email).pipe(z.email('Adresse e-mail invalide')),
  name: z.string().trim().min(1, 'Tous les champs sont requis').max(LIMITS.name),
  password: z.string().min(1, 'Tous les champs sont requis').min(8, 'Le mot de passe doit contenir au moins 8 caractères').max(LIMITS.password),
  role: z.enum(ROLES, 'Rôle invalide').default('staff'),
  isActive: z.boolean('isActive doit être vrai ou faux').default(true),
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

// PUT /api/users/{id}: either the active toggle alone or the whole edit form.
export const userUpdateSchema = z
  .object({
    name: z.string().trim().min(1, NAME_REQUIRED_FR).max(LIMITS.name).optional(),
    email: emailText().max(LIMITS.email).pipe(z.email('Adresse e-mail invalide')).optional(),
    role: z.enum(ROLES, 'Rôle invalide').optional(),
    isActive: z.boolean('isActive doit être vrai ou faux').optional(),
    password: z.string().min(8, 'Le mot de passe doit contenir au moins 8 caractères').max(LIMITS.password).optional(),
    version: versionField,
  })
  .refine(({ version: _version, ...change }) => Object.values(change).some((x) => x !== undefined), 'Aucune modification fournie');
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
