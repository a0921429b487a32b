using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Heap;

internal sealed partial class MethodTableInfoTable
{
    /// <summary>One MethodTable as the walks know it, and the one object-size rule.</summary>
    /// <param name="GcDescriptorSeries">&gt; 0: that many series; &lt; 0: a repeating descriptor with that many items.</param>
    internal readonly record struct Entry(ClrType? Type, uint BaseSize, uint ComponentSize, byte Flags, int GcDescriptorStart, int GcDescriptorSeries)
    {
        /// <summary>
        /// The size of an object of this type, the one rule every walk uses (ClrMD's): base size plus the component
        /// count (the <paramref name="length"/> word, ignored without components; one more for a string's terminator)
        /// times the component size, at least <see cref="MinObjectSize"/>. Unaligned: the next object is 8-byte aligned.
        /// </summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public ulong SizeOf(uint length)
        {
            ulong size = BaseSize;
            if (ComponentSize != 0)
            {
                size += ((Flags & IsString) != 0 ? (ulong)length + 1 : length) * ComponentSize;
            }
            return size < MinObjectSize ? MinObjectSize : size;
        }
    }
}
