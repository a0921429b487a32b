using System.Collections.Immutable;
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;

namespace MemAnalyzer.Tests.Unit.Architecture;

/// <summary>The full names of every type one type definition uses (signatures and method bodies).</summary>
internal sealed class TypeUses(MetadataReader reader, PEReader pe, TypeNames names)
{
    private readonly SignatureNames _signatures = new(names);
    private readonly HashSet<string> _found = new(StringComparer.Ordinal);

    public IReadOnlyCollection<string> Of(TypeDefinitionHandle handle)
    {
        var type = reader.GetTypeDefinition(handle);
        Entity(type.BaseType);
        foreach (var implementation in type.GetInterfaceImplementations())
        {
            Entity(reader.GetInterfaceImplementation(implementation).Interface);
        }
        foreach (var field in type.GetFields())
        {
            AddAll(reader.GetFieldDefinition(field).DecodeSignature(_signatures, null));
        }
        foreach (var methodHandle in type.GetMethods())
        {
            var method = reader.GetMethodDefinition(methodHandle);
            var signature = method.DecodeSignature(_signatures, null);
            AddAll(signature.ReturnType);
            signature.ParameterTypes.ToList().ForEach(AddAll);
            if (method.RelativeVirtualAddress != 0)
            {
                Body(pe.GetMethodBody(method.RelativeVirtualAddress));
            }
        }
        return _found;
    }

    private void Body(MethodBodyBlock body)
    {
        if (!body.LocalSignature.IsNil)
        {
            var locals = reader.GetStandaloneSignature(body.LocalSignature).DecodeLocalSignature(_signatures, null);
            locals.ToList().ForEach(AddAll);
        }
        var il = body.GetILReader();
        while (il.RemainingBytes > 0)
        {
            ushort value = il.ReadByte();
            if (value == 0xFE)
            {
                value = (ushort)(0xFE00 | il.ReadByte());
            }
            var operand = AssemblyDependencies.IlOperands.ByValue[value];
            switch (operand)
            {
                case OperandType.InlineField or OperandType.InlineMethod or OperandType.InlineTok or OperandType.InlineType:
                    Entity(MetadataTokens.EntityHandle(il.ReadInt32()));
                    break;
                case OperandType.InlineSig:
                    il.ReadInt32();
                    break;
                case OperandType.InlineSwitch:
                    var targets = il.ReadInt32();
                    il.Offset += 4 * targets;
                    break;
                default:
                    il.Offset += OperandSize(operand);
                    break;
            }
        }
    }

    private static int OperandSize(OperandType operand) => operand switch
    {
        OperandType.InlineNone => 0,
        OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
        OperandType.InlineVar => 2,
        OperandType.InlineI8 or OperandType.InlineR => 8,
        _ => 4,
    };

    private void Entity(EntityHandle handle)
    {
        if (handle.IsNil)
        {
            return;
        }
        switch (handle.Kind)
        {
            case HandleKind.TypeDefinition:
                _found.Add(names.FullName((TypeDefinitionHandle)handle));
                break;
            case HandleKind.TypeReference:
                _found.Add(names.FullName((TypeReferenceHandle)handle));
                break;
            case HandleKind.TypeSpecification:
                AddAll(reader.GetTypeSpecification((TypeSpecificationHandle)handle).DecodeSignature(_signatures, null));
                break;
            case HandleKind.MethodDefinition:
                _found.Add(names.FullName(reader.GetMethodDefinition((MethodDefinitionHandle)handle).GetDeclaringType()));
                break;
            case HandleKind.FieldDefinition:
                _found.Add(names.FullName(reader.GetFieldDefinition((FieldDefinitionHandle)handle).GetDeclaringType()));
                break;
            case HandleKind.MemberReference:
                // A member of another assembly's type is named with its member (System.Environment::get_ProcessorCount),
                // so that the compiler's own calls (an iterator's Environment.CurrentManagedThreadId) can be told apart.
                var member = reader.GetMemberReference((MemberReferenceHandle)handle);
                if (member.Parent.Kind == HandleKind.TypeReference)
                {
                    _found.Add(names.FullName((TypeReferenceHandle)member.Parent) + "::" + reader.GetString(member.Name));
                }
                else
                {
                    Entity(member.Parent);
                }
                break;
            case HandleKind.MethodSpecification:
                var specification = reader.GetMethodSpecification((MethodSpecificationHandle)handle);
                Entity(specification.Method);
                specification.DecodeSignature(_signatures, null).ToList().ForEach(AddAll);
                break;
        }
    }

    private void AddAll(ImmutableArray<string> types)
    {
        foreach (var type in types)
        {
            _found.Add(type);
        }
    }
}
