/** The Khronos glTF validator's npm package ships no types: what the tests use of it. */
declare module 'gltf-validator' {
  export interface ValidationMessage {
    code: string;
    message: string;
    severity: number;
    pointer?: string;
  }
  export interface ValidationReport {
    issues: { numErrors: number; numWarnings: number; numInfos: number; messages: ValidationMessage[] };
    info?: {
      version: string;
      drawCallCount?: number;
      totalVertexCount?: number;
      totalTriangleCount?: number;
    };
  }
  export function validateBytes(
    data: Uint8Array,
    options?: { maxIssues?: number; format?: 'glb' | 'gltf' },
  ): Promise<ValidationReport>;
  const validator: { validateBytes: typeof validateBytes };
  export default validator;
}
