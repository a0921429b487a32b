using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// A read-only per-object array: either a managed array (what the analysis builds) or a section of an index file mapped
/// into memory (what a second question reads back: the page cache's pages, with no fresh memory to zero and no copy).
/// A mapped column keeps its mapping (<see cref="MappedMemory"/>) for as long as the process runs.
/// </summary>
public readonly unsafe struct Column<T> where T : unmanaged
{
    private readonly T[]? _array;
    private readonly T* _items;

    public Column(T[] array)
    {
        _array = array;
        Length = array.Length;
    }

    /// <param name="items">Memory that stays mapped while the process runs.</param>
    internal Column(T* items, int length)
    {
        _items = items;
        Length = length;
    }

    public int Length { get; }

    public T this[int index]
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get
        {
            if (_array is not null)
            {
                return _array[index];
            }
            if ((uint)index >= (uint)Length)
            {
                throw new IndexOutOfRangeException();
            }
            return _items[index];
        }
    }

    public ReadOnlySpan<T> Span => _array ?? new ReadOnlySpan<T>(_items, Length);

    public T[] ToArray() => Span.ToArray();

    public static implicit operator Column<T>(T[] array) => new(array);
}
