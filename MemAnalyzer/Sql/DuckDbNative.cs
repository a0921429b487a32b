using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MemAnalyzer.Sql;

/// <summary>
/// The calls of DuckDB's C API a table function needs that DuckDB.NET.Bindings 1.5.6.1 lacks (a scan on several
/// threads) or wraps for a chunk it owns and frees (the chunk DuckDB hands a table function is DuckDB's): to the same
/// library, directly.
/// </summary>
internal static unsafe partial class DuckDbNative
{
    /// <summary>The rows of one data chunk a table function fills: DuckDB's vector size.</summary>
    public const int VectorSize = 2048;

    [LibraryImport("duckdb", EntryPoint = "duckdb_data_chunk_get_vector")]
    [UnmanagedCallConv(CallConvs = [typeof(CallConvCdecl)])]
    public static partial IntPtr Vector(IntPtr chunk, ulong index);

    [LibraryImport("duckdb", EntryPoint = "duckdb_data_chunk_set_size")]
    [UnmanagedCallConv(CallConvs = [typeof(CallConvCdecl)])]
    public static partial void SetSize(IntPtr chunk, ulong size);

    [LibraryImport("duckdb", EntryPoint = "duckdb_table_function_set_local_init")]
    [UnmanagedCallConv(CallConvs = [typeof(CallConvCdecl)])]
    public static partial void SetLocalInit(IntPtr function, delegate* unmanaged[Cdecl]<IntPtr, void> init);

    [LibraryImport("duckdb", EntryPoint = "duckdb_init_set_max_threads")]
    [UnmanagedCallConv(CallConvs = [typeof(CallConvCdecl)])]
    public static partial void SetMaxThreads(IntPtr info, ulong threads);

    [LibraryImport("duckdb", EntryPoint = "duckdb_function_get_local_init_data")]
    [UnmanagedCallConv(CallConvs = [typeof(CallConvCdecl)])]
    public static partial IntPtr LocalInitData(IntPtr info);
}
