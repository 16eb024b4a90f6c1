/*
 * thrust/gpumc_thrust.h -- what of Thrust a CUDA file's code needs to
 * compile under gpumc, written from Thrust's documented interface.
 *
 * Contract: Thrust is host-side for the most part, and gpumc checks
 * kernels, never host code: the containers (device_vector, host_vector),
 * the algorithms (sort, reduce, scan, transform, copy_if, ...) and the
 * execution policies are declared with their documented signatures, so
 * host code type-checks, and have no bodies -- nothing runs them.  What
 * kernels and device functors use is complete: thrust::complex with its
 * arithmetic and math, pair, tuple (std::tuple), the functional objects
 * (plus, maximum, ...), device_ptr and raw_pointer_cast, the counting,
 * constant and transform iterators, swap, min and max.  Algorithms called
 * from device code (thrust::seq inside a kernel) are not provided.
 */
#include <gpumc_names_save.h>
#ifndef GPUMC_THRUST_H
#define GPUMC_THRUST_H

#include <cuda_runtime.h>
#include <math.h>
#include <stddef.h>
#include <algorithm>
#include <chrono>
#include <iostream>
#include <type_traits>
#include <tuple>
#include <utility>
#include <vector> /* what Thrust's own headers bring along, and code relies on */

#define THRUST_VERSION 200000
#define THRUST_MAJOR_VERSION 2
#define THRUST_MINOR_VERSION 0
#define THRUST_SUBMINOR_VERSION 0
#define THRUST_DEVICE_SYSTEM_CUDA 1
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CUDA
#define __thrust_exec_check_disable__

namespace thrust {

/* ---- execution policies ---------------------------------------------------- */
struct execution_policy_base {};
struct device_t : execution_policy_base {};
struct host_t : execution_policy_base {};
struct seq_t : execution_policy_base {};
static const device_t device = device_t();
static const host_t host = host_t();
static const seq_t seq = seq_t();
namespace cuda {
struct par_t : execution_policy_base {
    __host__ par_t on(cudaStream_t) const;
};
static const par_t par = par_t();
static const par_t par_nosync = par_t();
} // namespace cuda
namespace system {
namespace cuda {
using thrust::cuda::par;
using thrust::cuda::par_nosync;
} // namespace cuda
} // namespace system

/* ---- small device-usable pieces ------------------------------------------------- */
template <class T> __host__ __device__ __forceinline__ void swap(T &a, T &b)
{
    T t = a;
    a = b;
    b = t;
}
template <class T> __host__ __device__ __forceinline__ const T &min(const T &a, const T &b)
{ return b < a ? b : a; }
template <class T> __host__ __device__ __forceinline__ const T &max(const T &a, const T &b)
{ return a < b ? b : a; }

template <class A, class B> struct pair {
    typedef A first_type;
    typedef B second_type;
    A first;
    B second;
    __host__ __device__ pair() : first(), second() {}
    __host__ __device__ pair(const A &a, const B &b) : first(a), second(b) {}
    template <class C, class D> __host__ __device__ pair(const pair<C, D> &o) : first(o.first), second(o.second) {}
};
template <class A, class B> __host__ __device__ pair<A, B> make_pair(A a, B b) { return pair<A, B>(a, b); }

/* tuple: usable in device code (std::tuple's assignments are host code) */
namespace gpumc_detail {
template <size_t I, class T> struct tuple_leaf {
    T v;
    __host__ __device__ tuple_leaf() : v() {}
    template <class U> __host__ __device__ tuple_leaf(U &&u) : v(static_cast<U &&>(u)) {}
};
template <class Seq, class... T> struct tuple_base;
template <size_t... I, class... T> struct tuple_base<std::index_sequence<I...>, T...> : tuple_leaf<I, T>... {
    __host__ __device__ tuple_base() {}
    template <class... U>
    __host__ __device__ explicit tuple_base(int, U &&...u) : tuple_leaf<I, T>(static_cast<U &&>(u))... {}
};
template <size_t I, class T> __host__ __device__ T &leaf(tuple_leaf<I, T> &l) { return l.v; }
template <size_t I, class T> __host__ __device__ const T &leaf(const tuple_leaf<I, T> &l) { return l.v; }
} // namespace gpumc_detail

template <class... T> class tuple : public gpumc_detail::tuple_base<std::index_sequence_for<T...>, T...> {
    typedef gpumc_detail::tuple_base<std::index_sequence_for<T...>, T...> base;
    template <class Src, size_t... I> __host__ __device__ void assign(const Src &o, std::index_sequence<I...>)
    {
        int unused[] = {0, (gpumc_detail::leaf<I>(*this) = gpumc_detail::leaf<I>(o), 0)...};
        (void)unused;
    }

public:
    __host__ __device__ tuple() {}
    template <class... U, class = typename std::enable_if<sizeof...(U) == sizeof...(T) && (sizeof...(T) > 0)>::type>
    __host__ __device__ tuple(U &&...u) : base(0, static_cast<U &&>(u)...) {}
    __host__ __device__ tuple(const tuple &o) = default;
    __host__ __device__ tuple &operator=(const tuple &o)
    {
        assign(o, std::index_sequence_for<T...>());
        return *this;
    }
    template <class... U> __host__ __device__ tuple &operator=(const tuple<U...> &o)
    {
        assign(o, std::index_sequence_for<T...>());
        return *this;
    }
    template <class A, class B> __host__ __device__ tuple &operator=(const pair<A, B> &p)
    {
        gpumc_detail::leaf<0>(*this) = p.first;
        gpumc_detail::leaf<1>(*this) = p.second;
        return *this;
    }
};
template <size_t I, class... T> __host__ __device__ auto get(tuple<T...> &t) -> decltype(gpumc_detail::leaf<I>(t))
{ return gpumc_detail::leaf<I>(t); }
template <size_t I, class... T>
__host__ __device__ auto get(const tuple<T...> &t) -> decltype(gpumc_detail::leaf<I>(t))
{ return gpumc_detail::leaf<I>(t); }
template <size_t I, class A, class B>
__host__ __device__ typename std::conditional<I == 0, A, B>::type &get(pair<A, B> &p)
{ return *(typename std::conditional<I == 0, A, B>::type *)(I == 0 ? (void *)&p.first : (void *)&p.second); }
template <class... T> __host__ __device__ tuple<T...> make_tuple(T... t) { return tuple<T...>(t...); }
template <class... T> __host__ __device__ tuple<T &...> tie(T &...t) { return tuple<T &...>(t...); }
template <size_t I, class Tup> struct tuple_element;
template <size_t I, class... T> struct tuple_element<I, tuple<T...>> {
    typedef typename std::tuple_element<I, std::tuple<T...>>::type type;
};
template <class Tup> struct tuple_size;
template <class... T> struct tuple_size<tuple<T...>> {
    static const size_t value = sizeof...(T);
};

/* functional objects */
#define GPUMC_THRUST_BINARY(name, R, expr)                                                        \
    template <class T = void> struct name {                                                       \
        typedef T first_argument_type;                                                            \
        typedef T second_argument_type;                                                           \
        typedef R result_type;                                                                    \
        __host__ __device__ __forceinline__ R operator()(const T &a, const T &b) const { return expr; } \
    };
GPUMC_THRUST_BINARY(plus, T, a + b)
GPUMC_THRUST_BINARY(minus, T, a - b)
GPUMC_THRUST_BINARY(multiplies, T, a * b)
GPUMC_THRUST_BINARY(divides, T, a / b)
GPUMC_THRUST_BINARY(modulus, T, a % b)
GPUMC_THRUST_BINARY(maximum, T, a < b ? b : a)
GPUMC_THRUST_BINARY(minimum, T, b < a ? b : a)
GPUMC_THRUST_BINARY(equal_to, bool, a == b)
GPUMC_THRUST_BINARY(not_equal_to, bool, !(a == b))
GPUMC_THRUST_BINARY(greater, bool, b < a)
GPUMC_THRUST_BINARY(less, bool, a < b)
GPUMC_THRUST_BINARY(greater_equal, bool, !(a < b))
GPUMC_THRUST_BINARY(less_equal, bool, !(b < a))
GPUMC_THRUST_BINARY(logical_and, bool, a && b)
GPUMC_THRUST_BINARY(logical_or, bool, a || b)
GPUMC_THRUST_BINARY(bit_and, T, a & b)
GPUMC_THRUST_BINARY(bit_or, T, a | b)
GPUMC_THRUST_BINARY(bit_xor, T, a ^ b)
#undef GPUMC_THRUST_BINARY
template <class T = void> struct negate {
    __host__ __device__ __forceinline__ T operator()(const T &a) const { return -a; }
};
template <class T = void> struct logical_not {
    __host__ __device__ __forceinline__ bool operator()(const T &a) const { return !a; }
};
template <class T = void> struct identity {
    __host__ __device__ __forceinline__ const T &operator()(const T &a) const { return a; }
};
template <class A, class R> struct unary_function {
    typedef A argument_type;
    typedef R result_type;
};
template <class A, class B, class R> struct binary_function {
    typedef A first_argument_type;
    typedef B second_argument_type;
    typedef R result_type;
};

/* ---- pointers and iterators ------------------------------------------------------- */
template <class T> class device_ptr {
public:
    typedef T value_type;
    typedef T &reference;
    typedef ptrdiff_t difference_type;
    __host__ __device__ device_ptr() : p(0) {}
    __host__ __device__ explicit device_ptr(T *q) : p(q) {}
    template <class U> __host__ __device__ device_ptr(const device_ptr<U> &o) : p(o.get()) {}
    __host__ __device__ T *get() const { return p; }
    __host__ __device__ T &operator*() const { return *p; }
    __host__ __device__ T &operator[](ptrdiff_t n) const { return p[n]; }
    __host__ __device__ device_ptr operator+(ptrdiff_t n) const { return device_ptr(p + n); }
    __host__ __device__ device_ptr operator-(ptrdiff_t n) const { return device_ptr(p - n); }
    __host__ __device__ ptrdiff_t operator-(const device_ptr &o) const { return p - o.p; }
    __host__ __device__ device_ptr &operator++() { ++p; return *this; }
    __host__ __device__ device_ptr &operator+=(ptrdiff_t n) { p += n; return *this; }
    __host__ __device__ bool operator==(const device_ptr &o) const { return p == o.p; }
    __host__ __device__ bool operator!=(const device_ptr &o) const { return p != o.p; }

private:
    T *p;
};
template <> class device_ptr<void> {
public:
    typedef void value_type;
    __host__ __device__ device_ptr() : p(0) {}
    __host__ __device__ explicit device_ptr(void *q) : p(q) {}
    template <class U> __host__ __device__ device_ptr(const device_ptr<U> &o) : p(o.get()) {}
    __host__ __device__ void *get() const { return p; }

private:
    void *p;
};
template <class T> __host__ __device__ device_ptr<T> device_pointer_cast(T *p) { return device_ptr<T>(p); }
template <class T> __host__ __device__ device_ptr<T> device_pointer_cast(device_ptr<T> p) { return p; }
template <class T> __host__ __device__ T *raw_pointer_cast(T *p) { return p; }
template <class T> __host__ __device__ T *raw_pointer_cast(const device_ptr<T> &p) { return p.get(); }
template <class T> __host__ device_ptr<T> device_malloc(size_t n);
__host__ device_ptr<void> device_malloc(size_t bytes);
template <class T> __host__ void device_free(device_ptr<T> p);

template <class It> struct iterator_traits {
    typedef typename It::value_type value_type;
    typedef ptrdiff_t difference_type;
};
template <class T> struct iterator_traits<T *> {
    typedef T value_type;
    typedef ptrdiff_t difference_type;
};
template <class T> struct iterator_traits<const T *> {
    typedef T value_type;
    typedef ptrdiff_t difference_type;
};
template <class It> struct iterator_value {
    typedef typename iterator_traits<It>::value_type type;
};
template <class It> struct iterator_difference {
    typedef ptrdiff_t type;
};

template <class T> class counting_iterator {
public:
    typedef T value_type;
    __host__ __device__ counting_iterator(T v = T()) : v(v) {}
    __host__ __device__ T operator*() const { return v; }
    __host__ __device__ T operator[](ptrdiff_t n) const { return v + (T)n; }
    __host__ __device__ counting_iterator operator+(ptrdiff_t n) const { return counting_iterator(v + (T)n); }
    __host__ __device__ ptrdiff_t operator-(const counting_iterator &o) const { return (ptrdiff_t)(v - o.v); }
    __host__ __device__ counting_iterator &operator++() { ++v; return *this; }

private:
    T v;
};
template <class T> __host__ __device__ counting_iterator<T> make_counting_iterator(T v)
{ return counting_iterator<T>(v); }

template <class T> class constant_iterator {
public:
    typedef T value_type;
    __host__ __device__ constant_iterator(T v = T(), ptrdiff_t i = 0) : v(v), i(i) {}
    __host__ __device__ T operator*() const { return v; }
    __host__ __device__ T operator[](ptrdiff_t) const { return v; }
    __host__ __device__ constant_iterator operator+(ptrdiff_t n) const { return constant_iterator(v, i + n); }
    __host__ __device__ ptrdiff_t operator-(const constant_iterator &o) const { return i - o.i; }

private:
    T v;
    ptrdiff_t i;
};
template <class T> __host__ __device__ constant_iterator<T> make_constant_iterator(T v, ptrdiff_t i = 0)
{ return constant_iterator<T>(v, i); }

template <class F, class It, class R = void, class V = void> class transform_iterator {
    It it; /* first: the return types below name them */
    F f;

public:
    typedef typename iterator_traits<It>::value_type value_type;
    __host__ __device__ transform_iterator(It it, F f) : it(it), f(f) {}
    __host__ __device__ auto operator*() const -> decltype(f(*it)) { return f(*it); }
    __host__ __device__ auto operator[](ptrdiff_t n) const -> decltype(f(it[n])) { return f(it[n]); }
    __host__ __device__ transform_iterator operator+(ptrdiff_t n) const { return transform_iterator(it + n, f); }
    __host__ __device__ ptrdiff_t operator-(const transform_iterator &o) const { return it - o.it; }
};
template <class It, class F> __host__ __device__ transform_iterator<F, It> make_transform_iterator(It it, F f)
{ return transform_iterator<F, It>(it, f); }

/* host-side only: declared */
template <class Tuple> class zip_iterator {
public:
    typedef Tuple value_type;
    __host__ zip_iterator(Tuple t);
    __host__ zip_iterator operator+(ptrdiff_t n) const;
    __host__ ptrdiff_t operator-(const zip_iterator &o) const;
    __host__ Tuple get_iterator_tuple() const;
};
template <class Tuple> __host__ zip_iterator<Tuple> make_zip_iterator(Tuple t);
template <class... It> __host__ zip_iterator<tuple<It...>> make_zip_iterator(It... its);
template <class E, class I> class permutation_iterator {
public:
    typedef typename iterator_traits<E>::value_type value_type;
    __host__ permutation_iterator(E e, I i);
    __host__ permutation_iterator operator+(ptrdiff_t n) const;
};
template <class E, class I> __host__ permutation_iterator<E, I> make_permutation_iterator(E e, I i);
class discard_iterator_t {
public:
    __host__ discard_iterator_t operator+(ptrdiff_t n) const;
};
__host__ discard_iterator_t make_discard_iterator(ptrdiff_t i = 0);
template <class It> __host__ ptrdiff_t distance(It first, It last);

/* ---- containers: host code, declared ------------------------------------------------ */
template <class T, class Ptr> class gpumc_vector {
public:
    typedef T value_type;
    typedef T &reference;
    typedef const T &const_reference;
    typedef Ptr pointer;
    typedef T *iterator;
    typedef const T *const_iterator;
    typedef size_t size_type;
    __host__ gpumc_vector();
    __host__ explicit gpumc_vector(size_t n);
    __host__ gpumc_vector(size_t n, const T &v);
    __host__ gpumc_vector(const gpumc_vector &o);
    template <class U, class P> __host__ gpumc_vector(const gpumc_vector<U, P> &o);
    template <class Other> __host__ gpumc_vector(const Other &o);
    template <class It> __host__ gpumc_vector(It first, It last);
    __host__ ~gpumc_vector();
    __host__ gpumc_vector &operator=(const gpumc_vector &o);
    template <class Other> __host__ gpumc_vector &operator=(const Other &o);
    __host__ size_t size() const;
    __host__ bool empty() const;
    __host__ size_t capacity() const;
    __host__ void resize(size_t n);
    __host__ void resize(size_t n, const T &v);
    __host__ void reserve(size_t n);
    __host__ void clear();
    __host__ void shrink_to_fit();
    __host__ void push_back(const T &v);
    __host__ void pop_back();
    __host__ T &operator[](size_t i);
    __host__ const T &operator[](size_t i) const;
    __host__ T &front();
    __host__ T &back();
    __host__ iterator begin();
    __host__ iterator end();
    __host__ const_iterator begin() const;
    __host__ const_iterator end() const;
    __host__ const_iterator cbegin() const;
    __host__ const_iterator cend() const;
    __host__ Ptr data();
    __host__ const Ptr data() const;
    template <class It> __host__ void assign(It first, It last);
    __host__ void assign(size_t n, const T &v);
    __host__ iterator erase(iterator first, iterator last);
    __host__ iterator erase(iterator pos);
    template <class It> __host__ void insert(iterator pos, It first, It last);
    __host__ iterator insert(iterator pos, const T &v);
    __host__ void swap(gpumc_vector &o);
};
template <class T, class P, class Other> __host__ bool operator==(const gpumc_vector<T, P> &a, const Other &b);
template <class T, class P, class Other> __host__ bool operator!=(const gpumc_vector<T, P> &a, const Other &b);
template <class T, class A = void> using device_vector = gpumc_vector<T, device_ptr<T>>;
template <class T, class A = void> using host_vector = gpumc_vector<T, T *>;
template <class T, class A = void> using universal_vector = gpumc_vector<T, T *>;

/* ---- algorithms: host code, declared ------------------------------------------------- */
namespace gpumc_detail {
template <class P> struct is_policy {
    static const bool value = __is_base_of(execution_policy_base, P);
};
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> {
    typedef T type;
};
template <class It> struct value_of {
    typedef typename iterator_traits<It>::value_type type;
};
} // namespace gpumc_detail
#define GPUMC_POLICY(P) class P, class = typename gpumc_detail::enable_if<gpumc_detail::is_policy<P>::value>::type

/* Each algorithm with and without an execution policy first. */
#define GPUMC_THRUST_ALGO(R, name, tparams, params)                                              \
    template <tparams> __host__ R name params;                                                   \
    template <GPUMC_POLICY(Policy), tparams> __host__ R name(const Policy &, GPUMC_UNPAREN params);
#define GPUMC_UNPAREN(...) __VA_ARGS__

#define GPUMC_T(...) __VA_ARGS__
GPUMC_THRUST_ALGO(typename gpumc_detail::value_of<It>::type, reduce, GPUMC_T(class It), (It first, It last))
GPUMC_THRUST_ALGO(T, reduce, GPUMC_T(class It, class T), (It first, It last, T init))
GPUMC_THRUST_ALGO(T, reduce, GPUMC_T(class It, class T, class Op), (It first, It last, T init, Op op))
GPUMC_THRUST_ALGO(T, transform_reduce, GPUMC_T(class It, class U, class T, class Op),
                  (It first, It last, U unary, T init, Op op))
GPUMC_THRUST_ALGO(T, inner_product, GPUMC_T(class It1, class It2, class T), (It1 a, It1 b, It2 c, T init))
GPUMC_THRUST_ALGO(T, inner_product, GPUMC_T(class It1, class It2, class T, class Op1, class Op2),
                  (It1 a, It1 b, It2 c, T init, Op1 o1, Op2 o2))
GPUMC_THRUST_ALGO(Out, transform, GPUMC_T(class It, class Out, class F), (It first, It last, Out out, F f))
GPUMC_THRUST_ALGO(Out, transform, GPUMC_T(class It1, class It2, class Out, class F),
                  (It1 first, It1 last, It2 first2, Out out, F f))
GPUMC_THRUST_ALGO(Out, copy, GPUMC_T(class It, class Out), (It first, It last, Out out))
GPUMC_THRUST_ALGO(Out, copy_n, GPUMC_T(class It, class N, class Out), (It first, N n, Out out))
GPUMC_THRUST_ALGO(Out, copy_if, GPUMC_T(class It, class Out, class Pred), (It first, It last, Out out, Pred p))
GPUMC_THRUST_ALGO(Out, copy_if, GPUMC_T(class It, class S, class Out, class Pred),
                  (It first, It last, S stencil, Out out, Pred p))
GPUMC_THRUST_ALGO(void, fill, GPUMC_T(class It, class T), (It first, It last, const T &v))
GPUMC_THRUST_ALGO(It, fill_n, GPUMC_T(class It, class N, class T), (It first, N n, const T &v))
GPUMC_THRUST_ALGO(void, sequence, GPUMC_T(class It), (It first, It last))
GPUMC_THRUST_ALGO(void, sequence, GPUMC_T(class It, class T), (It first, It last, T init))
GPUMC_THRUST_ALGO(void, sequence, GPUMC_T(class It, class T), (It first, It last, T init, T step))
GPUMC_THRUST_ALGO(void, sort, GPUMC_T(class It), (It first, It last))
GPUMC_THRUST_ALGO(void, sort, GPUMC_T(class It, class Cmp), (It first, It last, Cmp c))
GPUMC_THRUST_ALGO(void, stable_sort, GPUMC_T(class It), (It first, It last))
GPUMC_THRUST_ALGO(void, stable_sort, GPUMC_T(class It, class Cmp), (It first, It last, Cmp c))
GPUMC_THRUST_ALGO(void, sort_by_key, GPUMC_T(class K, class V), (K first, K last, V values))
GPUMC_THRUST_ALGO(void, sort_by_key, GPUMC_T(class K, class V, class Cmp), (K first, K last, V values, Cmp c))
GPUMC_THRUST_ALGO(void, stable_sort_by_key, GPUMC_T(class K, class V), (K first, K last, V values))
GPUMC_THRUST_ALGO(void, stable_sort_by_key, GPUMC_T(class K, class V, class Cmp),
                  (K first, K last, V values, Cmp c))
GPUMC_THRUST_ALGO(bool, is_sorted, GPUMC_T(class It), (It first, It last))
GPUMC_THRUST_ALGO(Out, inclusive_scan, GPUMC_T(class It, class Out), (It first, It last, Out out))
GPUMC_THRUST_ALGO(Out, inclusive_scan, GPUMC_T(class It, class Out, class Op), (It first, It last, Out out, Op op))
GPUMC_THRUST_ALGO(Out, exclusive_scan, GPUMC_T(class It, class Out), (It first, It last, Out out))
GPUMC_THRUST_ALGO(Out, exclusive_scan, GPUMC_T(class It, class Out, class T), (It first, It last, Out out, T init))
GPUMC_THRUST_ALGO(Out, exclusive_scan, GPUMC_T(class It, class Out, class T, class Op),
                  (It first, It last, Out out, T init, Op op))
GPUMC_THRUST_ALGO(Out, inclusive_scan_by_key, GPUMC_T(class K, class It, class Out), (K kf, K kl, It v, Out out))
GPUMC_THRUST_ALGO(Out, exclusive_scan_by_key, GPUMC_T(class K, class It, class Out), (K kf, K kl, It v, Out out))
GPUMC_THRUST_ALGO(ptrdiff_t, count, GPUMC_T(class It, class T), (It first, It last, const T &v))
GPUMC_THRUST_ALGO(ptrdiff_t, count_if, GPUMC_T(class It, class Pred), (It first, It last, Pred p))
GPUMC_THRUST_ALGO(It, find, GPUMC_T(class It, class T), (It first, It last, const T &v))
GPUMC_THRUST_ALGO(It, find_if, GPUMC_T(class It, class Pred), (It first, It last, Pred p))
GPUMC_THRUST_ALGO(It, min_element, GPUMC_T(class It), (It first, It last))
GPUMC_THRUST_ALGO(It, min_element, GPUMC_T(class It, class Cmp), (It first, It last, Cmp c))
GPUMC_THRUST_ALGO(It, max_element, GPUMC_T(class It), (It first, It last))
GPUMC_THRUST_ALGO(It, max_element, GPUMC_T(class It, class Cmp), (It first, It last, Cmp c))
GPUMC_THRUST_ALGO(GPUMC_T(pair<It, It>), minmax_element, GPUMC_T(class It), (It first, It last))
GPUMC_THRUST_ALGO(GPUMC_T(pair<It, It>), minmax_element, GPUMC_T(class It, class Cmp), (It first, It last, Cmp c))
GPUMC_THRUST_ALGO(It, unique, GPUMC_T(class It), (It first, It last))
GPUMC_THRUST_ALGO(It, unique, GPUMC_T(class It, class Eq), (It first, It last, Eq e))
GPUMC_THRUST_ALGO(GPUMC_T(pair<K, V>), unique_by_key, GPUMC_T(class K, class V), (K first, K last, V values))
GPUMC_THRUST_ALGO(GPUMC_T(pair<K2, V2>), reduce_by_key, GPUMC_T(class K, class V, class K2, class V2),
                  (K kf, K kl, V v, K2 ko, V2 vo))
GPUMC_THRUST_ALGO(GPUMC_T(pair<K2, V2>), reduce_by_key, GPUMC_T(class K, class V, class K2, class V2, class Eq, class Op),
                  (K kf, K kl, V v, K2 ko, V2 vo, Eq e, Op o))
GPUMC_THRUST_ALGO(It, remove, GPUMC_T(class It, class T), (It first, It last, const T &v))
GPUMC_THRUST_ALGO(It, remove_if, GPUMC_T(class It, class Pred), (It first, It last, Pred p))
GPUMC_THRUST_ALGO(It, remove_if, GPUMC_T(class It, class S, class Pred), (It first, It last, S stencil, Pred p))
GPUMC_THRUST_ALGO(void, replace, GPUMC_T(class It, class T), (It first, It last, const T &a, const T &b))
GPUMC_THRUST_ALGO(void, replace_if, GPUMC_T(class It, class Pred, class T), (It first, It last, Pred p, const T &v))
GPUMC_THRUST_ALGO(void, for_each, GPUMC_T(class It, class F), (It first, It last, F f))
GPUMC_THRUST_ALGO(void, scatter, GPUMC_T(class It, class M, class Out), (It first, It last, M map, Out out))
GPUMC_THRUST_ALGO(Out, gather, GPUMC_T(class M, class It, class Out), (M mf, M ml, It in, Out out))
GPUMC_THRUST_ALGO(void, reverse, GPUMC_T(class It), (It first, It last))
GPUMC_THRUST_ALGO(void, shuffle, GPUMC_T(class It, class G), (It first, It last, G &&g))
GPUMC_THRUST_ALGO(Out, adjacent_difference, GPUMC_T(class It, class Out), (It first, It last, Out out))
GPUMC_THRUST_ALGO(bool, equal, GPUMC_T(class It1, class It2), (It1 a, It1 b, It2 c))
GPUMC_THRUST_ALGO(void, generate, GPUMC_T(class It, class G), (It first, It last, G g))
GPUMC_THRUST_ALGO(It, partition, GPUMC_T(class It, class Pred), (It first, It last, Pred p))
GPUMC_THRUST_ALGO(Out, merge, GPUMC_T(class It1, class It2, class Out), (It1 a, It1 b, It2 c, It2 d, Out out))
GPUMC_THRUST_ALGO(Out, lower_bound, GPUMC_T(class It, class V, class Out), (It a, It b, V c, V d, Out out))
GPUMC_THRUST_ALGO(Out, upper_bound, GPUMC_T(class It, class V, class Out), (It a, It b, V c, V d, Out out))
GPUMC_THRUST_ALGO(bool, all_of, GPUMC_T(class It, class Pred), (It first, It last, Pred p))
GPUMC_THRUST_ALGO(bool, any_of, GPUMC_T(class It, class Pred), (It first, It last, Pred p))
GPUMC_THRUST_ALGO(bool, none_of, GPUMC_T(class It, class Pred), (It first, It last, Pred p))
GPUMC_THRUST_ALGO(void, uninitialized_fill, GPUMC_T(class It, class T), (It first, It last, const T &v))
#undef GPUMC_THRUST_ALGO

/* Every other form (more operators, other overloads): accepted whatever the
 * arguments, with a result that converts to whatever it is assigned to. */
struct gpumc_any {
    template <class T> __host__ operator T() const;
};
#define GPUMC_THRUST_ANY(name) template <class... A> __host__ gpumc_any name(A &&...);
GPUMC_THRUST_ANY(reduce) GPUMC_THRUST_ANY(transform_reduce) GPUMC_THRUST_ANY(inner_product)
GPUMC_THRUST_ANY(transform) GPUMC_THRUST_ANY(transform_if) GPUMC_THRUST_ANY(copy)
GPUMC_THRUST_ANY(copy_n) GPUMC_THRUST_ANY(copy_if) GPUMC_THRUST_ANY(fill) GPUMC_THRUST_ANY(fill_n)
GPUMC_THRUST_ANY(sequence) GPUMC_THRUST_ANY(tabulate) GPUMC_THRUST_ANY(sort)
GPUMC_THRUST_ANY(stable_sort) GPUMC_THRUST_ANY(sort_by_key) GPUMC_THRUST_ANY(stable_sort_by_key)
GPUMC_THRUST_ANY(is_sorted) GPUMC_THRUST_ANY(is_sorted_until) GPUMC_THRUST_ANY(inclusive_scan)
GPUMC_THRUST_ANY(exclusive_scan) GPUMC_THRUST_ANY(inclusive_scan_by_key)
GPUMC_THRUST_ANY(exclusive_scan_by_key) GPUMC_THRUST_ANY(transform_inclusive_scan)
GPUMC_THRUST_ANY(transform_exclusive_scan) GPUMC_THRUST_ANY(count) GPUMC_THRUST_ANY(count_if)
GPUMC_THRUST_ANY(find) GPUMC_THRUST_ANY(find_if) GPUMC_THRUST_ANY(find_if_not)
GPUMC_THRUST_ANY(min_element) GPUMC_THRUST_ANY(max_element) GPUMC_THRUST_ANY(minmax_element)
GPUMC_THRUST_ANY(unique) GPUMC_THRUST_ANY(unique_copy) GPUMC_THRUST_ANY(unique_by_key)
GPUMC_THRUST_ANY(unique_by_key_copy) GPUMC_THRUST_ANY(unique_count) GPUMC_THRUST_ANY(reduce_by_key)
GPUMC_THRUST_ANY(remove) GPUMC_THRUST_ANY(remove_if) GPUMC_THRUST_ANY(remove_copy)
GPUMC_THRUST_ANY(remove_copy_if) GPUMC_THRUST_ANY(replace) GPUMC_THRUST_ANY(replace_if)
GPUMC_THRUST_ANY(replace_copy) GPUMC_THRUST_ANY(replace_copy_if) GPUMC_THRUST_ANY(for_each)
GPUMC_THRUST_ANY(for_each_n) GPUMC_THRUST_ANY(scatter) GPUMC_THRUST_ANY(scatter_if)
GPUMC_THRUST_ANY(gather) GPUMC_THRUST_ANY(gather_if) GPUMC_THRUST_ANY(reverse)
GPUMC_THRUST_ANY(reverse_copy) GPUMC_THRUST_ANY(shuffle) GPUMC_THRUST_ANY(shuffle_copy)
GPUMC_THRUST_ANY(adjacent_difference) GPUMC_THRUST_ANY(equal) GPUMC_THRUST_ANY(mismatch)
GPUMC_THRUST_ANY(generate) GPUMC_THRUST_ANY(generate_n) GPUMC_THRUST_ANY(partition)
GPUMC_THRUST_ANY(partition_copy) GPUMC_THRUST_ANY(stable_partition)
GPUMC_THRUST_ANY(stable_partition_copy) GPUMC_THRUST_ANY(is_partitioned) GPUMC_THRUST_ANY(merge)
GPUMC_THRUST_ANY(merge_by_key) GPUMC_THRUST_ANY(lower_bound) GPUMC_THRUST_ANY(upper_bound)
GPUMC_THRUST_ANY(binary_search) GPUMC_THRUST_ANY(equal_range) GPUMC_THRUST_ANY(set_union)
GPUMC_THRUST_ANY(set_intersection) GPUMC_THRUST_ANY(set_difference)
GPUMC_THRUST_ANY(set_symmetric_difference) GPUMC_THRUST_ANY(all_of) GPUMC_THRUST_ANY(any_of)
GPUMC_THRUST_ANY(none_of) GPUMC_THRUST_ANY(uninitialized_fill) GPUMC_THRUST_ANY(uninitialized_copy)
#undef GPUMC_THRUST_ANY
#undef GPUMC_T
#undef GPUMC_UNPAREN
#undef GPUMC_POLICY

/* random numbers: host code, declared */
namespace random {
class default_random_engine {
public:
    typedef unsigned result_type;
    __host__ __device__ default_random_engine(unsigned seed = 1);
    __host__ __device__ unsigned operator()();
    __host__ __device__ void discard(unsigned long long n);
};
typedef default_random_engine minstd_rand;
template <class T> class uniform_int_distribution {
public:
    __host__ __device__ uniform_int_distribution(T a = 0, T b = 0x7fffffff);
    template <class G> __host__ __device__ T operator()(G &g);
};
template <class T> class uniform_real_distribution {
public:
    __host__ __device__ uniform_real_distribution(T a = 0, T b = 1);
    template <class G> __host__ __device__ T operator()(G &g);
};
template <class T> class normal_distribution {
public:
    __host__ __device__ normal_distribution(T mean = 0, T sd = 1);
    template <class G> __host__ __device__ T operator()(G &g);
};
} // namespace random
using random::default_random_engine;
using random::minstd_rand;
using random::normal_distribution;
using random::uniform_int_distribution;
using random::uniform_real_distribution;

/* ---- complex numbers: device code uses them ------------------------------------------ */
namespace gpumc_detail {
__host__ __device__ __forceinline__ float c_sqrt(float x) { return sqrtf(x); }
__host__ __device__ __forceinline__ double c_sqrt(double x) { return sqrt(x); }
__host__ __device__ __forceinline__ float c_hypot(float a, float b) { return hypotf(a, b); }
__host__ __device__ __forceinline__ double c_hypot(double a, double b) { return hypot(a, b); }
__host__ __device__ __forceinline__ float c_atan2(float a, float b) { return atan2f(a, b); }
__host__ __device__ __forceinline__ double c_atan2(double a, double b) { return atan2(a, b); }
__host__ __device__ __forceinline__ float c_exp(float x) { return expf(x); }
__host__ __device__ __forceinline__ double c_exp(double x) { return exp(x); }
__host__ __device__ __forceinline__ float c_log(float x) { return logf(x); }
__host__ __device__ __forceinline__ double c_log(double x) { return log(x); }
__host__ __device__ __forceinline__ float c_sin(float x) { return sinf(x); }
__host__ __device__ __forceinline__ double c_sin(double x) { return sin(x); }
__host__ __device__ __forceinline__ float c_cos(float x) { return cosf(x); }
__host__ __device__ __forceinline__ double c_cos(double x) { return cos(x); }
__host__ __device__ __forceinline__ float c_sinh(float x) { return sinhf(x); }
__host__ __device__ __forceinline__ double c_sinh(double x) { return sinh(x); }
__host__ __device__ __forceinline__ float c_cosh(float x) { return coshf(x); }
__host__ __device__ __forceinline__ double c_cosh(double x) { return cosh(x); }
__host__ __device__ __forceinline__ float c_pow(float a, float b) { return powf(a, b); }
__host__ __device__ __forceinline__ double c_pow(double a, double b) { return pow(a, b); }
} // namespace gpumc_detail

template <class T> struct complex {
    typedef T value_type;
    __host__ __device__ complex(const T &re = T(), const T &im = T()) : re_(re), im_(im) {}
    template <class U> __host__ __device__ complex(const complex<U> &o) : re_((T)o.real()), im_((T)o.imag()) {}
    __host__ __device__ T real() const { return re_; }
    __host__ __device__ T imag() const { return im_; }
    __host__ __device__ void real(T v) { re_ = v; }
    __host__ __device__ void imag(T v) { im_ = v; }
    __host__ __device__ complex &operator+=(const complex &o) { re_ += o.re_; im_ += o.im_; return *this; }
    __host__ __device__ complex &operator-=(const complex &o) { re_ -= o.re_; im_ -= o.im_; return *this; }
    __host__ __device__ complex &operator*=(const complex &o) { return *this = *this * o; }
    __host__ __device__ complex &operator/=(const complex &o) { return *this = *this / o; }
    __host__ __device__ complex &operator*=(const T &s) { re_ *= s; im_ *= s; return *this; }
    __host__ __device__ complex &operator/=(const T &s) { re_ /= s; im_ /= s; return *this; }
    __host__ __device__ friend complex operator+(const complex &a, const complex &b) { return complex(a.re_ + b.re_, a.im_ + b.im_); }
    __host__ __device__ friend complex operator-(const complex &a, const complex &b) { return complex(a.re_ - b.re_, a.im_ - b.im_); }
    __host__ __device__ friend complex operator*(const complex &a, const complex &b)
    { return complex(a.re_ * b.re_ - a.im_ * b.im_, a.re_ * b.im_ + a.im_ * b.re_); }
    __host__ __device__ friend complex operator/(const complex &a, const complex &b)
    {
        T d = b.re_ * b.re_ + b.im_ * b.im_;
        return complex((a.re_ * b.re_ + a.im_ * b.im_) / d, (a.im_ * b.re_ - a.re_ * b.im_) / d);
    }
    __host__ __device__ friend complex operator+(const complex &a, const T &s) { return complex(a.re_ + s, a.im_); }
    __host__ __device__ friend complex operator+(const T &s, const complex &a) { return complex(s + a.re_, a.im_); }
    __host__ __device__ friend complex operator-(const complex &a, const T &s) { return complex(a.re_ - s, a.im_); }
    __host__ __device__ friend complex operator-(const T &s, const complex &a) { return complex(s - a.re_, -a.im_); }
    __host__ __device__ friend complex operator*(const complex &a, const T &s) { return complex(a.re_ * s, a.im_ * s); }
    __host__ __device__ friend complex operator*(const T &s, const complex &a) { return complex(s * a.re_, s * a.im_); }
    __host__ __device__ friend complex operator/(const complex &a, const T &s) { return complex(a.re_ / s, a.im_ / s); }
    __host__ __device__ friend complex operator/(const T &s, const complex &a) { return complex(s) / a; }
    __host__ __device__ friend complex operator-(const complex &a) { return complex(-a.re_, -a.im_); }
    __host__ __device__ friend complex operator+(const complex &a) { return a; }
    __host__ __device__ friend bool operator==(const complex &a, const complex &b) { return a.re_ == b.re_ && a.im_ == b.im_; }
    __host__ __device__ friend bool operator!=(const complex &a, const complex &b) { return !(a == b); }

private:
    T re_, im_;
};
template <class T> __host__ __device__ T abs(const complex<T> &z) { return gpumc_detail::c_hypot(z.real(), z.imag()); }
template <class T> __host__ __device__ T arg(const complex<T> &z) { return gpumc_detail::c_atan2(z.imag(), z.real()); }
template <class T> __host__ __device__ T norm(const complex<T> &z) { return z.real() * z.real() + z.imag() * z.imag(); }
template <class T> __host__ __device__ complex<T> conj(const complex<T> &z) { return complex<T>(z.real(), -z.imag()); }
template <class T> __host__ __device__ complex<T> polar(const T &r, const T &t = T())
{ return complex<T>(r * gpumc_detail::c_cos(t), r * gpumc_detail::c_sin(t)); }
template <class T> __host__ __device__ complex<T> exp(const complex<T> &z)
{ return polar(gpumc_detail::c_exp(z.real()), z.imag()); }
template <class T> __host__ __device__ complex<T> log(const complex<T> &z)
{ return complex<T>(gpumc_detail::c_log(abs(z)), arg(z)); }
template <class T> __host__ __device__ complex<T> sqrt(const complex<T> &z)
{
    T r = abs(z);
    T re = gpumc_detail::c_sqrt((r + z.real()) / 2), im = gpumc_detail::c_sqrt((r - z.real()) / 2);
    return complex<T>(re, z.imag() < 0 ? -im : im);
}
template <class T> __host__ __device__ complex<T> pow(const complex<T> &z, const T &p)
{ return polar(gpumc_detail::c_pow(abs(z), p), arg(z) * p); }
template <class T> __host__ __device__ complex<T> pow(const complex<T> &z, const complex<T> &p)
{ return exp(p * log(z)); }
template <class T> __host__ __device__ complex<T> sin(const complex<T> &z)
{
    return complex<T>(gpumc_detail::c_sin(z.real()) * gpumc_detail::c_cosh(z.imag()),
                      gpumc_detail::c_cos(z.real()) * gpumc_detail::c_sinh(z.imag()));
}
template <class T> __host__ __device__ complex<T> cos(const complex<T> &z)
{
    return complex<T>(gpumc_detail::c_cos(z.real()) * gpumc_detail::c_cosh(z.imag()),
                      -gpumc_detail::c_sin(z.real()) * gpumc_detail::c_sinh(z.imag()));
}

/* errors */
class system_error {
public:
    __host__ const char *what() const;
};

} // namespace thrust

#endif
#include <gpumc_names_restore.h>
