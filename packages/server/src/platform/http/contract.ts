// Compile-time agreement between a request schema (zod, what the server validates with) and the request shape of
// packages/contracts (what the editor and the storefront send). Type-only: nothing of this runs.

/** True when A and B are the same type (not merely assignable both ways). */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false

/** True when every field of the contract is a field of the schema and a contract value passes as schema input. */
export type Accepts<SchemaInput, Contract> = [Exclude<keyof Contract, keyof SchemaInput>] extends [never]
  ? [Contract] extends [SchemaInput]
    ? true
    : false
  : false

/** Fails to compile unless T is `true`: `type _Agrees = Assert<Same<z.infer<typeof schema>, ContractType>>`. */
export type Assert<T extends true> = T
