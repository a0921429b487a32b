using System.Reflection.Metadata;

namespace MemAnalyzer.Tests.Unit.Architecture;

/// <summary>Full names of the types an assembly defines and references, and the product folder of each.</summary>
internal sealed class TypeNames(MetadataReader reader)
{
    private const string Product = "MemAnalyzer";

    public string FullName(TypeDefinitionHandle handle)
    {
        var type = reader.GetTypeDefinition(handle);
        var declaring = type.GetDeclaringType();
        if (!declaring.IsNil)
        {
            return FullName(declaring) + "+" + reader.GetString(type.Name);
        }
        var ns = reader.GetString(type.Namespace);
        return ns.Length == 0 ? reader.GetString(type.Name) : ns + "." + reader.GetString(type.Name);
    }

    public string FullName(TypeReferenceHandle handle)
    {
        var type = reader.GetTypeReference(handle);
        if (type.ResolutionScope.Kind == HandleKind.TypeReference)
        {
            return FullName((TypeReferenceHandle)type.ResolutionScope) + "+" + reader.GetString(type.Name);
        }
        var ns = reader.GetString(type.Namespace);
        return ns.Length == 0 ? reader.GetString(type.Name) : ns + "." + reader.GetString(type.Name);
    }

    /// <summary>The folder of a product type (nested types belong to their outermost type); null for other types.</summary>
    public string? FolderOf(TypeDefinitionHandle handle) => IsProductName(FullName(handle), out var folder) ? folder : null;

    /// <summary>MemAnalyzer.Heap.X → Heap; MemAnalyzer.X → (root); anything else is not a product name.</summary>
    public bool IsProductName(string fullName, out string folder)
    {
        folder = "";
        var outer = fullName.Split('+')[0];
        if (!outer.StartsWith(Product + ".", StringComparison.Ordinal))
        {
            return false;
        }
        var parts = outer.Split('.');
        folder = parts.Length > 2 ? parts[1] : AssemblyDependencies.RootFolder;
        return true;
    }
}
