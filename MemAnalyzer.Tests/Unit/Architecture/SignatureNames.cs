using System.Collections.Immutable;
using System.Reflection.Metadata;

namespace MemAnalyzer.Tests.Unit.Architecture;

/// <summary>Decodes a signature into the full names of every type it mentions (generic arguments included).</summary>
internal sealed class SignatureNames(TypeNames names) : ISignatureTypeProvider<ImmutableArray<string>, object?>
{
    private static readonly ImmutableArray<string> None = [];

    public ImmutableArray<string> GetPrimitiveType(PrimitiveTypeCode typeCode) => None;
    public ImmutableArray<string> GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) => [names.FullName(handle)];
    public ImmutableArray<string> GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) => [names.FullName(handle)];
    public ImmutableArray<string> GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
        reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);
    public ImmutableArray<string> GetSZArrayType(ImmutableArray<string> elementType) => elementType;
    public ImmutableArray<string> GetArrayType(ImmutableArray<string> elementType, ArrayShape shape) => elementType;
    public ImmutableArray<string> GetByReferenceType(ImmutableArray<string> elementType) => elementType;
    public ImmutableArray<string> GetPointerType(ImmutableArray<string> elementType) => elementType;
    public ImmutableArray<string> GetPinnedType(ImmutableArray<string> elementType) => elementType;
    public ImmutableArray<string> GetGenericInstantiation(ImmutableArray<string> genericType, ImmutableArray<ImmutableArray<string>> typeArguments) =>
        genericType.AddRange(typeArguments.SelectMany(argument => argument));
    public ImmutableArray<string> GetGenericMethodParameter(object? genericContext, int index) => None;
    public ImmutableArray<string> GetGenericTypeParameter(object? genericContext, int index) => None;
    public ImmutableArray<string> GetModifiedType(ImmutableArray<string> modifier, ImmutableArray<string> unmodifiedType, bool isRequired) => unmodifiedType;
    public ImmutableArray<string> GetFunctionPointerType(MethodSignature<ImmutableArray<string>> signature) =>
        signature.ReturnType.AddRange(signature.ParameterTypes.SelectMany(parameter => parameter));
}
