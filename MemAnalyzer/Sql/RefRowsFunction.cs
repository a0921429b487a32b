using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using DuckDB.NET.Data;
using DuckDB.NET.Native;

namespace MemAnalyzer.Sql;

/// <summary>
/// The table function <c>heap_refs()</c>: the <c>_refs</c> rows (source, target, field id) of a live graph's
/// references (<see cref="RefRows"/>), made as DuckDB asks for them, on as many of its threads as it runs, instead of
/// stored first: a query or an export over tables that are not kept reads them straight from the graph, and kept ones
/// store them with one <c>INSERT … SELECT</c>. Registered through DuckDB's C API like <see cref="ObjectRowsFunction"/>:
/// unmanaged entry points, a failure becomes the query's error.
/// </summary>
internal static unsafe class RefRowsFunction
{
    public const string Name = "heap_refs";

    private static readonly (string Name, DuckDBType Type)[] Columns =
        [("source", DuckDBType.UnsignedBigInt), ("target", DuckDBType.UnsignedBigInt), ("field_id", DuckDBType.Integer)];

    /// <param name="threads">DuckDB's threads that may read one scan at once (each its own blocks of sources).</param>
    public static void Register(DuckDBConnection connection, RefRows rows, int threads)
    {
        TableFunction.Register(connection, Name, (rows, threads), pushdown: false, &Bind, &Init, &LocalInit, &Fill);
    }

    private static (RefRows Rows, int Threads) Source(IntPtr extra) => TableFunction.Target<(RefRows, int)>(extra);

    /// <summary>Each statement that reads the function binds it: its scan (shared by its threads) is the bind data.</summary>
    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void Bind(IntPtr info)
    {
        foreach (var (name, type) in Columns)
        {
            using var logical = NativeMethods.LogicalType.DuckDBCreateLogicalType(type);
            NativeMethods.TableFunction.DuckDBBindAddResultColumn(info, name, logical);
        }
        var rows = Source(NativeMethods.TableFunction.DuckDBBindGetExtraInfo(info)).Rows;
        NativeMethods.TableFunction.DuckDBBindSetCardinality(info, (ulong)rows.Count, true);
        NativeMethods.TableFunction.DuckDBBindSetBindData(info, TableFunction.Handle(rows.Scan()), &TableFunction.Free);
    }

    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void Init(IntPtr info) =>
        DuckDbNative.SetMaxThreads(info, (ulong)Source(NativeMethods.TableFunction.DuckDBInitGetExtraInfo(info)).Threads);

    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void LocalInit(IntPtr info)
    {
        try
        {
            var scan = TableFunction.Target<RefRows.Scanning>(NativeMethods.TableFunction.DuckDBInitGetBindData(info));
            NativeMethods.TableFunction.DuckDBInitSetInitData(info, TableFunction.Handle(scan.Reader()), &TableFunction.Free);
        }
        catch (Exception e)
        {
            NativeMethods.TableFunction.DuckDBInitSetError(info, e.Message);
        }
    }

    /// <summary>Fills the next rows, at most one vector's worth (none when every source was read).</summary>
    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void Fill(IntPtr info, IntPtr chunk)
    {
        var reader = TableFunction.Target<RefRows.Reader>(DuckDbNative.LocalInitData(info));
        try
        {
            var field = DuckDbNative.Vector(chunk, 2);
            var rows = reader.Fill(
                new Span<ulong>((ulong*)NativeMethods.Vectors.DuckDBVectorGetData(DuckDbNative.Vector(chunk, 0)), DuckDbNative.VectorSize),
                new Span<ulong>((ulong*)NativeMethods.Vectors.DuckDBVectorGetData(DuckDbNative.Vector(chunk, 1)), DuckDbNative.VectorSize),
                new Span<int>((int*)NativeMethods.Vectors.DuckDBVectorGetData(field), DuckDbNative.VectorSize));
            if (reader.Unnamed is { Length: > 0 } unnamed)
            {
                NativeMethods.Vectors.DuckDBVectorEnsureValidityWritable(field);
                var validity = (ulong*)NativeMethods.Vectors.DuckDBVectorGetValidity(field);
                foreach (var row in unnamed)
                {
                    validity[row >> 6] &= ~(1UL << (row & 63));
                }
            }
            DuckDbNative.SetSize(chunk, (ulong)rows);
        }
        catch (Exception e)
        {
            NativeMethods.TableFunction.DuckDBFunctionSetError(info, e.Message);
        }
    }
}
