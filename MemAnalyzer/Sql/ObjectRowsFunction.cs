using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using DuckDB.NET.Data;
using DuckDB.NET.Native;

namespace MemAnalyzer.Sql;

/// <summary>
/// The table function <c>heap_objects()</c>: the <c>_objects</c> rows of a heap (the columns of
/// <see cref="SqlSchema.Create"/>), read from a walk as DuckDB asks for them (<see cref="ObjectRowStream"/>) instead of
/// stored first: DuckDB's appends cost about five times what a query over the rows costs. Registered through DuckDB's C
/// API with projection pushdown (only the columns a query names are filled); the callbacks are unmanaged entry points,
/// so no managed exception crosses into DuckDB: a failure becomes the query's error.
/// </summary>
internal static unsafe class ObjectRowsFunction
{
    public const string Name = "heap_objects";

    private static readonly (string Name, DuckDBType Type)[] Columns =
    [
        ("address", DuckDBType.UnsignedBigInt), ("type_id", DuckDBType.UnsignedBigInt), ("size", DuckDBType.BigInt),
        ("generation", DuckDBType.UnsignedTinyInt), ("live", DuckDBType.Boolean), ("retained", DuckDBType.BigInt),
        ("dominator", DuckDBType.UnsignedBigInt), ("parent", DuckDBType.UnsignedBigInt),
    ];

    /// <summary>
    /// Registers the function on <paramref name="connection"/>; each scan of it starts a walk made by <paramref name="walk"/>,
    /// told what the columns it fills need of the live graph.
    /// <paramref name="rows"/> (the heap's object count, asked when a query is planned) is told to DuckDB's planner, so
    /// that a join builds its hash table on the small side (the type names), not on the objects; null when not known
    /// (the rows are only stored, or not counted yet).
    /// </summary>
    /// <param name="threads">DuckDB's threads that may read one scan at once (each its own segments' rows).</param>
    public static void Register(DuckDBConnection connection, Func<long?> rows, int threads, Func<ColumnNeeds, ObjectRowStream> walk)
    {
        TableFunction.Register(connection, Name, new Source(rows, threads, walk), pushdown: true, &Bind, &Init, &LocalInit, &Fill);
    }

    private sealed record Source(Func<long?> Rows, int Threads, Func<ColumnNeeds, ObjectRowStream> Walk);

    /// <summary>The generation and live columns, and the first of those that cost lookups in the live graph: retained, dominator, parent.</summary>
    private const int GenerationColumn = 3, LiveColumn = 4, FirstGraphColumn = 5, DominatorColumn = 6, ParentColumn = 7;

    /// <summary>One scan: its walk, and the function's column of each projected one.</summary>
    private sealed class Scan(ObjectRowStream stream, int[] projected) : IDisposable
    {
        public readonly ObjectRowStream Stream = stream;
        public readonly int[] Projected = projected;

        public void Dispose() => Stream.Dispose();
    }

    /// <summary>One of DuckDB's threads reading a scan: the block it reads and where.</summary>
    private sealed class Cursor
    {
        public ObjectRowBlock? Block;
        public int Offset;
        public bool Done;
    }

    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void Bind(IntPtr info)
    {
        foreach (var (name, type) in Columns)
        {
            using var logical = NativeMethods.LogicalType.DuckDBCreateLogicalType(type);
            NativeMethods.TableFunction.DuckDBBindAddResultColumn(info, name, logical);
        }
        var source = TableFunction.Target<Source>(NativeMethods.TableFunction.DuckDBBindGetExtraInfo(info));
        if (source.Rows() is { } rows)
        {
            NativeMethods.TableFunction.DuckDBBindSetCardinality(info, (ulong)rows, true);
        }
    }

    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void Init(IntPtr info)
    {
        try
        {
            var source = TableFunction.Target<Source>(NativeMethods.TableFunction.DuckDBInitGetExtraInfo(info));
            var projected = new int[NativeMethods.TableFunction.DuckDBInitGetColumnCount(info)];
            for (var i = 0; i < projected.Length; i++)
            {
                projected[i] = (int)NativeMethods.TableFunction.DuckDBInitGetColumnIndex(info, (ulong)i);
            }
            var needs = (projected.Contains(GenerationColumn) ? ColumnNeeds.Generation : ColumnNeeds.None)
                | (projected.Contains(LiveColumn) ? ColumnNeeds.Mark : ColumnNeeds.None)
                | (projected.Any(c => c >= FirstGraphColumn) ? ColumnNeeds.Mark | ColumnNeeds.Graph : ColumnNeeds.None)
                | (projected.Contains(DominatorColumn) ? ColumnNeeds.Dominator : ColumnNeeds.None)
                | (projected.Contains(ParentColumn) ? ColumnNeeds.Parent : ColumnNeeds.None);
            var scan = new Scan(source.Walk(needs), projected);
            NativeMethods.TableFunction.DuckDBInitSetInitData(info, TableFunction.Handle(scan), &TableFunction.Free);
            DuckDbNative.SetMaxThreads(info, (ulong)source.Threads);
        }
        catch (Exception e)
        {
            NativeMethods.TableFunction.DuckDBInitSetError(info, e.Message);
        }
    }

    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void LocalInit(IntPtr info) =>
        NativeMethods.TableFunction.DuckDBInitSetInitData(info, TableFunction.Handle(new Cursor()), &TableFunction.Free);

    /// <summary>Fills the next rows, at most one vector's worth (none when the walk is done), of the projected columns only.</summary>
    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void Fill(IntPtr info, IntPtr chunk)
    {
        var scan = TableFunction.Target<Scan>(NativeMethods.TableFunction.DuckDBFunctionGetInitData(info));
        var cursor = TableFunction.Target<Cursor>(DuckDbNative.LocalInitData(info));
        try
        {
            var rows = 0;
            while (!cursor.Done && rows < DuckDbNative.VectorSize)
            {
                if (cursor.Block is null || cursor.Offset == cursor.Block.Count)
                {
                    cursor.Block = scan.Stream.Next(cursor.Block);
                    cursor.Offset = 0;
                    cursor.Done = cursor.Block is null;
                    continue;
                }
                var take = Math.Min(DuckDbNative.VectorSize - rows, cursor.Block.Count - cursor.Offset);
                for (var c = 0; c < scan.Projected.Length; c++)
                {
                    Copy(DuckDbNative.Vector(chunk, (ulong)c), scan.Projected[c], cursor.Block, cursor.Offset, rows, take);
                }
                cursor.Offset += take;
                rows += take;
            }
            DuckDbNative.SetSize(chunk, (ulong)rows);
        }
        catch (Exception e)
        {
            NativeMethods.TableFunction.DuckDBFunctionSetError(info, e.Message);
        }
    }

    private static void Copy(IntPtr vector, int column, ObjectRowBlock block, int from, int to, int count)
    {
        var data = NativeMethods.Vectors.DuckDBVectorGetData(vector);
        switch (column)
        {
            case 0: block.Addresses.AsSpan(from, count).CopyTo(new Span<ulong>((ulong*)data + to, count)); break;
            case 1: block.Types.AsSpan(from, count).CopyTo(new Span<ulong>((ulong*)data + to, count)); break;
            case 2: block.Sizes.AsSpan(from, count).CopyTo(new Span<long>((long*)data + to, count)); break;
            case 3: CopyNullable(vector, block.Generations.AsSpan(from, count), new Span<byte>((byte*)data + to, count), to, ObjectRowBuffer.NoGeneration); break;
            case 4: block.Live.AsSpan(from, count).CopyTo(new Span<bool>((bool*)data + to, count)); break;
            case 5: CopyNullable(vector, block.Retained.AsSpan(from, count), new Span<long>((long*)data + to, count), to, ObjectRowBuffer.NoRetained); break;
            case 6: CopyNullable(vector, block.Dominators.AsSpan(from, count), new Span<ulong>((ulong*)data + to, count), to, ObjectRowBuffer.NoAddress); break;
            default: CopyNullable(vector, block.Parents.AsSpan(from, count), new Span<ulong>((ulong*)data + to, count), to, ObjectRowBuffer.NoAddress); break;
        }
    }

    /// <summary>Copies the values, and marks NULL in the vector's validity mask each row whose value is <paramref name="none"/>.</summary>
    private static void CopyNullable<T>(IntPtr vector, ReadOnlySpan<T> values, Span<T> target, int to, T none) where T : unmanaged, IEquatable<T>
    {
        values.CopyTo(target);
        ulong* validity = null;
        for (var i = values.IndexOf(none); i >= 0;)
        {
            if (validity == null)
            {
                NativeMethods.Vectors.DuckDBVectorEnsureValidityWritable(vector);
                validity = (ulong*)NativeMethods.Vectors.DuckDBVectorGetValidity(vector);
            }
            var row = to + i;
            validity[row >> 6] &= ~(1UL << (row & 63));
            var next = values[(i + 1)..].IndexOf(none);
            i = next < 0 ? -1 : i + 1 + next;
        }
    }
}
