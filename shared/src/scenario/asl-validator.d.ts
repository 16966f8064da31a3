// asl-validator 3.16 ships no types; this is the one call the compiler's tests make.
declare module 'asl-validator' {
  interface AslError {
    'Error code': string;
    Message: string;
  }
  const validator: (
    definition: unknown,
    opts?: { checkPaths?: boolean; checkArn?: boolean },
  ) => { isValid: boolean; errors: AslError[]; errorsText: (separator?: string) => string };
  export default validator;
}
