using System.Globalization;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>Checks that an address is the start of an object, and otherwise names the object it lies in or nearest to.</summary>
public static class ObjectLocator
{
    /// <summary>Null when an object starts at <paramref name="address"/>; else why not, naming the nearest object start.</summary>
    public static string? WhyNotAnObject(ClrHeap heap, ulong address)
    {
        var segment = heap.GetSegmentByAddress(address);
        if (segment is null)
        {
            return $"0x{address:x} is not on the managed heap: give an object's address as -objects <type> shows it, or a type name";
        }
        ClrObject before = default;
        ClrObject after = default;
        foreach (var obj in heap.EnumerateObjects(segment.ObjectRange, carefully: true))
        {
            if (obj.Address > address)
            {
                after = obj;
                break;
            }
            before = obj;
        }
        if (before.Address == address && !before.IsNull && before.IsValid && !before.IsFree)
        {
            return null;
        }
        if (!before.IsNull && address < before.Address + before.Size)
        {
            var what = before.IsFree ? "free space (no object)" : $"{Name(before)} @0x{before.Address:x} ({Number(before.Size)} B)";
            return $"0x{address:x} is not the start of an object: it lies {Number(address - before.Address)} bytes into {what}" +
                (before.IsFree ? Nearest(after) : $"; run -objects 0x{before.Address:x}");
        }
        return $"0x{address:x} is not the start of an object" + Nearest(!after.IsNull ? after : before);
    }

    private static string Nearest(ClrObject obj) =>
        obj.IsNull || obj.IsFree ? "" : $"; the nearest object starts at 0x{obj.Address:x}: {Name(obj)} ({Number(obj.Size)} B); run -objects 0x{obj.Address:x}";

    private static string Name(ClrObject obj) => obj.Type?.Name ?? "an object of unknown type";

    private static string Number(ulong value) => value.ToString("N0", CultureInfo.InvariantCulture);
}
