using System.Collections.Immutable;
using System.Reflection;
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace MemAnalyzer.Tests.Unit.Architecture;

/// <summary>
/// What each product folder uses, read from the compiled assembly: every type named by a type's base type, interfaces,
/// field, method and local signatures, and the tokens of its method bodies (calls, field accesses, casts, newobj).
/// A folder is the second part of a namespace (MemAnalyzer.Heap → Heap; MemAnalyzer itself → "(root)").
/// </summary>
internal sealed class AssemblyDependencies
{
    public const string RootFolder = "(root)";

    /// <summary>folder → the folders and external full type names it uses, each with one using type as evidence.</summary>
    public IReadOnlyDictionary<string, IReadOnlyDictionary<string, string>> Uses { get; }

    private AssemblyDependencies(Dictionary<string, Dictionary<string, string>> uses) =>
        Uses = uses.ToDictionary(pair => pair.Key, pair => (IReadOnlyDictionary<string, string>)pair.Value);

    public static AssemblyDependencies Read(string assemblyPath)
    {
        using var stream = File.OpenRead(assemblyPath);
        using var pe = new PEReader(stream);
        var reader = pe.GetMetadataReader();
        var names = new TypeNames(reader);
        var uses = new Dictionary<string, Dictionary<string, string>>(StringComparer.Ordinal);
        foreach (var handle in reader.TypeDefinitions)
        {
            var folder = names.FolderOf(handle);
            if (folder is null)
            {
                continue;
            }
            var evidence = names.FullName(handle);
            if (!uses.TryGetValue(folder, out var used))
            {
                uses[folder] = used = new Dictionary<string, string>(StringComparer.Ordinal);
            }
            foreach (var target in new TypeUses(reader, pe, names).Of(handle))
            {
                var key = names.IsProductName(target, out var targetFolder) ? targetFolder : target;
                if (key != folder)
                {
                    used.TryAdd(key, evidence);
                }
            }
        }
        return new AssemblyDependencies(uses);
    }

    /// <summary>The opcodes whose operand is a metadata token, and every opcode's operand size, from OpCodes itself.</summary>
    internal static class IlOperands
    {
        public static readonly ImmutableDictionary<ushort, OperandType> ByValue = typeof(OpCodes)
            .GetFields(BindingFlags.Public | BindingFlags.Static)
            .Select(field => (OpCode)field.GetValue(null)!)
            .ToImmutableDictionary(code => (ushort)code.Value, code => code.OperandType);
    }
}
