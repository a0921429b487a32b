using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using DuckDB.NET.Data;
using DuckDB.NET.Native;

namespace MemAnalyzer.Sql;

/// <summary>
/// Registers a table function through DuckDB's C API (<see cref="ObjectRowsFunction"/>, <see cref="RefRowsFunction"/>):
/// its callbacks are unmanaged entry points, its state handles to managed objects that DuckDB frees with
/// <see cref="Free"/> (disposing those that are disposable).
/// </summary>
internal static unsafe class TableFunction
{
    /// <param name="extra">The function's own state, which every callback can reach.</param>
    /// <param name="pushdown">Whether the function fills only the columns a query names.</param>
    public static void Register(DuckDBConnection connection, string name, object extra, bool pushdown,
        delegate* unmanaged[Cdecl]<IntPtr, void> bind, delegate* unmanaged[Cdecl]<IntPtr, void> init,
        delegate* unmanaged[Cdecl]<IntPtr, void> localInit, delegate* unmanaged[Cdecl]<IntPtr, IntPtr, void> fill)
    {
        var function = NativeMethods.TableFunction.DuckDBCreateTableFunction();
        try
        {
            NativeMethods.TableFunction.DuckDBTableFunctionSetName(function, name);
            NativeMethods.TableFunction.DuckDBTableFunctionSetExtraInfo(function, Handle(extra), &Free);
            NativeMethods.TableFunction.DuckDBTableFunctionSetBind(function, bind);
            NativeMethods.TableFunction.DuckDBTableFunctionSetInit(function, init);
            DuckDbNative.SetLocalInit(function, localInit);
            NativeMethods.TableFunction.DuckDBTableFunctionSetFunction(function, fill);
            NativeMethods.TableFunction.DuckDBTableFunctionSupportsProjectionPushdown(function, pushdown);
            if (NativeMethods.TableFunction.DuckDBRegisterTableFunction(connection.NativeConnection, function) != DuckDBState.Success)
            {
                throw new InvalidOperationException($"DuckDB refused the table function {name}()");
            }
        }
        finally
        {
            NativeMethods.TableFunction.DuckDBDestroyTableFunction(ref function);
        }
    }

    /// <summary>A handle to a managed object for DuckDB to hold, freed by <see cref="Free"/>.</summary>
    public static IntPtr Handle(object target) => GCHandle.ToIntPtr(GCHandle.Alloc(target));

    /// <summary>The object behind a handle DuckDB holds.</summary>
    public static T Target<T>(IntPtr handle) => (T)GCHandle.FromIntPtr(handle).Target!;

    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    public static void Free(IntPtr handle)
    {
        var gc = GCHandle.FromIntPtr(handle);
        (gc.Target as IDisposable)?.Dispose();
        gc.Free();
    }
}
