using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

/// <summary>
/// A type's instance fields as ClrMD reads them from the runtime's metadata. On a damaged dump ClrMD's field cache can
/// fail with a NullReferenceException inside ClrMD (found by flipping bits of a real dump: -dstrings ended with exit 70,
/// an internal error); that is damage, not a bug of ours, so it becomes an <see cref="InvalidDataException"/> naming the
/// type, which the CLI reports as an unreadable heap (exit 6).
/// </summary>
public static class TypeFields
{
    public static IReadOnlyList<ClrInstanceField> Of(ClrType type)
    {
        try
        {
            return type.Fields;
        }
        catch (NullReferenceException e)
        {
            throw new InvalidDataException($"the fields of the type at MethodTable 0x{type.MethodTable:x} could not be read: its runtime data is damaged", e);
        }
    }
}
